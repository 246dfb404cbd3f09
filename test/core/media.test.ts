import { describe, expect, it } from "vitest";
import { validateHistory } from "../../src/core/validate.js";
import {
  base64ToBytes,
  bytesToBase64,
  detectMediaType,
  filePart,
  GolemError,
  imagePart,
} from "../../src/index.js";

const bytes = (...b: number[]) => new Uint8Array(b);

describe("detectMediaType", () => {
  it.each([
    ["image/png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0)],
    ["image/jpeg", bytes(0xff, 0xd8, 0xff, 0xe0)],
    ["image/gif", new TextEncoder().encode("GIF89a")],
    ["image/webp", new TextEncoder().encode("RIFF\x10\0\0\0WEBPVP8 ")],
    ["application/pdf", new TextEncoder().encode("%PDF-1.4\n")],
  ])("reads %s from the first bytes", (type, b) => {
    expect(detectMediaType(b)).toBe(type);
  });

  it.each([
    ["text", new TextEncoder().encode("hello")],
    ["a RIFF file that is not WebP (WAVE)", new TextEncoder().encode("RIFF\x10\0\0\0WAVEfmt ")],
    ["a PNG signature cut short", bytes(0x89, 0x50, 0x4e)],
    ["no bytes", bytes()],
  ])("knows nothing of %s", (_, b) => {
    expect(detectMediaType(b)).toBe(undefined);
  });
});

describe("bytesToBase64 / base64ToBytes", () => {
  it("encodes as btoa does, and back", () => {
    expect(bytesToBase64(new TextEncoder().encode("golem"))).toBe("Z29sZW0=");
    expect(new TextDecoder().decode(base64ToBytes("Z29sZW0="))).toBe("golem");
  });

  it("encodes inputs longer than one chunk (no argument-count overflow) and every byte value", () => {
    const big = Uint8Array.from({ length: 200_000 }, (_, i) => (i * 7) % 256);
    const b64 = bytesToBase64(big);
    expect(b64.length).toBe(Math.ceil(big.length / 3) * 4);
    expect(base64ToBytes(b64)).toEqual(big);
  });
});

describe("imagePart / filePart", () => {
  const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2);
  const pdf = new TextEncoder().encode("%PDF-1.4\n");

  it("makes parts that validateHistory accepts, the media type read from the bytes", () => {
    const image = imagePart(png);
    const file = filePart(pdf, undefined, "a.pdf");
    expect(image).toEqual({ type: "image", mediaType: "image/png", data: "iVBORw0KGgoBAg==" });
    expect(file).toEqual({
      type: "file",
      mediaType: "application/pdf",
      data: "JVBERi0xLjQK",
      filename: "a.pdf",
    });
    expect(() => validateHistory([{ role: "user", content: [image, file] }])).not.toThrow();
  });

  it("takes the media type given, and no filename when none is given", () => {
    expect(filePart(new TextEncoder().encode("hi"), "text/plain")).toEqual({
      type: "file",
      mediaType: "text/plain",
      data: "aGk=",
    });
  });

  it("refuses bytes of an unknown type without a media type", () => {
    expect(() => imagePart(bytes(1, 2, 3))).toThrow(GolemError);
    expect(() => filePart(bytes(1, 2, 3))).toThrow("unknown media type: pass mediaType");
  });
});
