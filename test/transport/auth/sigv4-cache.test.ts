import { afterEach, describe, expect, it, vi } from "vitest";
import type { Credentials } from "../../../src/auth/sigv4.js";
import { type SigningKeyCache, signV4 } from "../../../src/auth/sigv4.js";
import { aws4fetchHeaders, KEYS, REQ } from "./sigv4-reference.js";

afterEach(() => {
  vi.restoreAllMocks();
});

function sign(
  cache: SigningKeyCache,
  datetime: string,
  creds: Credentials = KEYS,
  region = "us-west-2",
) {
  return signV4(REQ, { credentials: creds, region, service: "bedrock", cache, datetime });
}

/** aws4fetch's authorization for REQ with KEYS, in `region` at `datetime`: the reference. */
const referenceSignature = async (region: string, datetime: string) =>
  (await aws4fetchHeaders(REQ, KEYS, region, datetime)).authorization;

describe("the signing key cache", () => {
  it("derives the key once for every signature of a day and region: 4 HMAC steps, 5 imports", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    const hmac = vi.spyOn(crypto.subtle, "sign");
    const digest = vi.spyOn(crypto.subtle, "digest");
    const cache: SigningKeyCache = new Map();
    const first = await sign(cache, "20260801T000000Z");
    expect(importKey).toHaveBeenCalledTimes(5);
    expect(hmac).toHaveBeenCalledTimes(5);
    expect(digest).toHaveBeenCalledTimes(2);
    const later = await sign(cache, "20260801T235959Z");
    // A cached key: one HMAC and two digests per signature, no import.
    expect(importKey).toHaveBeenCalledTimes(5);
    expect(hmac).toHaveBeenCalledTimes(6);
    expect(digest).toHaveBeenCalledTimes(4);
    expect(cache.size).toBe(1);
    expect(first.authorization).toBe(await referenceSignature("us-west-2", "20260801T000000Z"));
    expect(later.authorization).toBe(await referenceSignature("us-west-2", "20260801T235959Z"));
  });

  it("keeps the key as a non-extractable HMAC CryptoKey", async () => {
    const cache: SigningKeyCache = new Map();
    await sign(cache, "20260801T000000Z");
    const key = await [...cache.values()][0];
    expect(key).toBeInstanceOf(CryptoKey);
    expect(key?.extractable).toBe(false);
    expect(key?.algorithm).toEqual({ name: "HMAC", hash: { name: "SHA-256" }, length: 256 });
    expect(key?.usages).toEqual(["sign"]);
  });

  it("derives a new key for a new day and for another region", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    const cache: SigningKeyCache = new Map();
    await sign(cache, "20260801T235959Z");
    const nextDay = await sign(cache, "20260802T000001Z");
    expect(importKey).toHaveBeenCalledTimes(10);
    const otherRegion = await sign(cache, "20260802T000001Z", KEYS, "eu-central-1");
    expect(importKey).toHaveBeenCalledTimes(15);
    expect(cache.size).toBe(3);
    expect(nextDay.authorization).toBe(await referenceSignature("us-west-2", "20260802T000001Z"));
    expect(otherRegion.authorization).toBe(
      await referenceSignature("eu-central-1", "20260802T000001Z"),
    );
  });

  it("does not mix up two secrets in one cache, even with the same access key id", async () => {
    const other = { ...KEYS, secretAccessKey: `${KEYS.secretAccessKey}2` };
    // Secrets that would collide if the cache key were the parts joined with commas.
    const commaA = { ...KEYS, secretAccessKey: "a,20260801" };
    const commaB = { ...KEYS, secretAccessKey: "a" };
    const cache: SigningKeyCache = new Map();
    for (const creds of [KEYS, other, KEYS, other, commaA, commaB]) {
      const ours = await sign(cache, "20260801T120000Z", creds);
      const reference = await aws4fetchHeaders(REQ, creds, "us-west-2", "20260801T120000Z");
      expect(ours.authorization).toBe(reference.authorization);
    }
    expect(cache.size).toBe(4);
  });

  it("derives once when the first signatures of a day run at the same time", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    const cache: SigningKeyCache = new Map();
    const all = await Promise.all([1, 2, 3, 4].map(() => sign(cache, "20260801T120000Z")));
    expect(importKey).toHaveBeenCalledTimes(5);
    expect(new Set(all.map((h) => h.authorization)).size).toBe(1);
  });

  it("keeps only the last eight keys, so a long-lived model does not grow a key a day", async () => {
    const cache: SigningKeyCache = new Map();
    for (let day = 1; day <= 12; day++) {
      await sign(cache, `202608${String(day).padStart(2, "0")}T120000Z`);
    }
    expect(cache.size).toBe(8);
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    await sign(cache, "20260812T130000Z");
    expect(importKey).not.toHaveBeenCalled();
  });

  it("forgets a derivation that failed, so the next signature tries again", async () => {
    const cache: SigningKeyCache = new Map();
    vi.spyOn(crypto.subtle, "importKey").mockRejectedValueOnce(new Error("no crypto today"));
    await expect(sign(cache, "20260801T120000Z")).rejects.toThrow("no crypto today");
    expect(cache.size).toBe(0);
    const headers = await sign(cache, "20260801T120000Z");
    expect(headers.authorization).toBe(
      (await aws4fetchHeaders(REQ, KEYS, "us-west-2", "20260801T120000Z")).authorization,
    );
  });
});
