import { describe, expect, it } from "vitest";
import { StreamError } from "../../src/core/errors.js";
import { parseErrorJSON, parseJSONBody } from "../../src/transport/json.js";
import { thrownAs } from "../helpers/errors.js";

const failure = (text: string): StreamError =>
  thrownAs(StreamError, () => parseJSONBody(text, "anthropic"));

describe("parseJSONBody", () => {
  it("parses a JSON body", () => {
    expect(parseJSONBody('{"id":"msg_1","content":[]}', "anthropic")).toStrictEqual({
      id: "msg_1",
      content: [],
    });
  });

  it("rejects an empty or blank body, naming the provider", () => {
    expect(failure("").message).toBe("anthropic answered with an empty body");
    expect(failure(" \n").message).toBe("anthropic answered with an empty body");
  });

  it("rejects a body that is not JSON, quoting it, with the parser's error as cause", () => {
    const err = failure("<html>502 Bad Gateway</html>");
    expect(err.message).toBe(
      "anthropic answered with a body that is not JSON: <html>502 Bad Gateway</html>",
    );
    expect(err.cause).toBeInstanceOf(SyntaxError);
  });

  it("quotes only the first 200 characters of a long body", () => {
    const err = failure(`<${"x".repeat(500)}`);
    expect(err.message).toBe(
      `anthropic answered with a body that is not JSON: <${"x".repeat(199)}...`,
    );
  });
});

describe("parseErrorJSON", () => {
  it("parses JSON", () => {
    expect(parseErrorJSON('{"error":{"type":"overloaded_error"}}')).toStrictEqual({
      error: { type: "overloaded_error" },
    });
  });

  it("gives back text that is not JSON as is", () => {
    expect(parseErrorJSON("<html>502</html>")).toBe("<html>502</html>");
    expect(parseErrorJSON("")).toBe("");
  });
});
