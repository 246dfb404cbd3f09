import { describe, expect, it } from "vitest";
import { REDACTED, redactSecrets } from "../../src/transport/redact.js";

describe("redactSecrets", () => {
  it("replaces every occurrence of every secret", () => {
    const text = "key sk-ant-12345678 and sk-ant-12345678 and token tok_ABCDEFGH";
    expect(redactSecrets(text, ["sk-ant-12345678", "tok_ABCDEFGH"])).toBe(
      "key <redacted> and <redacted> and token <redacted>",
    );
  });

  it("treats secrets literally (regex characters too)", () => {
    expect(redactSecrets("a+b/c=.*?x+b/c=.*?", ["+b/c=.*?"])).toBe("a<redacted>x<redacted>");
  });

  it("leaves secrets shorter than 8 characters alone, so ordinary words survive", () => {
    expect(redactSecrets("error: invalid key", ["key", "error", ""])).toBe("error: invalid key");
  });

  it("leaves text without secrets unchanged", () => {
    expect(redactSecrets('{"error":"overloaded"}', ["sk-ant-12345678"])).toBe(
      '{"error":"overloaded"}',
    );
    expect(redactSecrets("anything", [])).toBe("anything");
  });

  it("uses <redacted> as the stand-in", () => {
    expect(REDACTED).toBe("<redacted>");
  });
});
