import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BLUE_SQUARE_PNG, HELLO_PDF, RED_SQUARE_PNG } from "../../scripts/scenarios/media.js";
import { detectMediaType } from "../../src/index.js";

const MEDIA = join(import.meta.dirname, "../../fixtures/media");

describe("the media scenario's bytes", () => {
  it.each([
    ["red-square.png", RED_SQUARE_PNG, "image/png"],
    ["blue-square.png", BLUE_SQUARE_PNG, "image/png"],
    ["hello.pdf", HELLO_PDF, "application/pdf"],
  ])("are fixtures/media/%s, byte for byte", (file, base64, type) => {
    const bytes = readFileSync(join(MEDIA, file));
    expect(Buffer.from(base64, "base64").equals(bytes)).toBe(true);
    expect(detectMediaType(bytes)).toBe(type);
  });
});
