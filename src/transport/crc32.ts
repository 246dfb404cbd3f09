/**
 * CRC-32 (IEEE 802.3, the zlib one) as AWS event streams use it for their prelude and message
 * checksums. Slicing-by-8: eight 256-entry tables, built on first use so importing costs nothing.
 * @see https://docs.aws.amazon.com/transcribe/latest/dg/streaming-setting-up.html
 */

let tables: Int32Array | undefined;

function buildTables(): Int32Array {
  const t = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = t[n] as number;
    for (let k = 1; k < 8; k++) {
      c = (t[c & 0xff] as number) ^ (c >>> 8);
      t[k * 256 + n] = c;
    }
  }
  return t;
}

/** The CRC-32 of `bytes[start, end)`, as an unsigned 32-bit number. */
export function crc32(bytes: Uint8Array, start = 0, end: number = bytes.length): number {
  tables ??= buildTables();
  const t = tables;
  let crc = -1;
  let i = start;
  // Eight bytes per step: ~1.8x one lookup per byte on 220-byte frames (490 vs 280 MB/s,
  // Node 20), close to native zlib.crc32 (~680 MB/s) at that size.
  for (const stop = end - 8; i <= stop; i += 8) {
    const a =
      crc ^
      ((bytes[i] as number) |
        ((bytes[i + 1] as number) << 8) |
        ((bytes[i + 2] as number) << 16) |
        ((bytes[i + 3] as number) << 24));
    const b =
      (bytes[i + 4] as number) |
      ((bytes[i + 5] as number) << 8) |
      ((bytes[i + 6] as number) << 16) |
      ((bytes[i + 7] as number) << 24);
    crc =
      (t[1792 + (a & 0xff)] as number) ^
      (t[1536 + ((a >>> 8) & 0xff)] as number) ^
      (t[1280 + ((a >>> 16) & 0xff)] as number) ^
      (t[1024 + (a >>> 24)] as number) ^
      (t[768 + (b & 0xff)] as number) ^
      (t[512 + ((b >>> 8) & 0xff)] as number) ^
      (t[256 + ((b >>> 16) & 0xff)] as number) ^
      (t[b >>> 24] as number);
  }
  for (; i < end; i++) crc = (t[(crc ^ (bytes[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}
