import zlib from "node:zlib";
import type { EventStreamMessage } from "../../../src/transport/event-stream.js";

/** A header value with its wire type (0-9) spelled out, for building test frames. */
export type TypedHeader =
  | { type: "bool"; value: boolean }
  | { type: "byte" | "short" | "int"; value: number }
  | { type: "long"; value: bigint }
  | { type: "bytes"; value: Uint8Array }
  | { type: "string"; value: string }
  | { type: "timestamp"; value: Date }
  | { type: "uuid"; value: string };

const encoder = new TextEncoder();

function encodeValue(h: TypedHeader): Buffer {
  switch (h.type) {
    case "bool":
      return Buffer.from([h.value ? 0 : 1]);
    case "byte":
      return Buffer.from([2, h.value & 0xff]);
    case "short": {
      const b = Buffer.alloc(3);
      b[0] = 3;
      b.writeInt16BE(h.value, 1);
      return b;
    }
    case "int": {
      const b = Buffer.alloc(5);
      b[0] = 4;
      b.writeInt32BE(h.value, 1);
      return b;
    }
    case "long": {
      const b = Buffer.alloc(9);
      b[0] = 5;
      b.writeBigInt64BE(h.value, 1);
      return b;
    }
    case "bytes":
    case "string": {
      const v = h.type === "bytes" ? Buffer.from(h.value) : Buffer.from(encoder.encode(h.value));
      const b = Buffer.alloc(3);
      b[0] = h.type === "bytes" ? 6 : 7;
      b.writeUInt16BE(v.length, 1);
      return Buffer.concat([b, v]);
    }
    case "timestamp": {
      const b = Buffer.alloc(9);
      b[0] = 8;
      b.writeBigInt64BE(BigInt(h.value.getTime()), 1);
      return b;
    }
    case "uuid":
      return Buffer.concat([Buffer.from([9]), Buffer.from(h.value.replace(/-/g, ""), "hex")]);
  }
}

/** Encodes one event-stream frame with correct CRCs (node's zlib.crc32 as the reference). */
export function encodeFrame(
  headers: Record<string, string | TypedHeader>,
  payload: Uint8Array | string,
): Uint8Array {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(headers)) {
    const n = Buffer.from(encoder.encode(name));
    const typed: TypedHeader = typeof value === "string" ? { type: "string", value } : value;
    parts.push(Buffer.from([n.length]), n, encodeValue(typed));
  }
  const h = Buffer.concat(parts);
  const p =
    typeof payload === "string" ? Buffer.from(encoder.encode(payload)) : Buffer.from(payload);
  const total = 16 + h.length + p.length;
  const out = Buffer.alloc(total);
  out.writeUInt32BE(total, 0);
  out.writeUInt32BE(h.length, 4);
  out.writeUInt32BE(zlib.crc32(out.subarray(0, 8)), 8);
  h.copy(out, 12);
  p.copy(out, 12 + h.length);
  out.writeUInt32BE(zlib.crc32(out.subarray(0, total - 4)), total - 4);
  return new Uint8Array(out);
}

/** A decoded frame as the stream state receives it: JSON of the given message type. */
function jsonMessage(kind: "event" | "exception", type: string, payload: unknown) {
  return {
    headers: {
      [`:${kind}-type`]: type,
      ":content-type": "application/json",
      ":message-type": kind,
    },
    payload: encoder.encode(JSON.stringify(payload)),
  };
}

/** A decoded-frame value as the stream state receives it: an `event` of the given type. */
export function eventMessage(eventType: string, payload: unknown): EventStreamMessage {
  return jsonMessage("event", eventType, payload);
}

/** An `exception` frame's decoded value. */
export function exceptionMessage(exceptionType: string, payload: unknown): EventStreamMessage {
  return jsonMessage("exception", exceptionType, payload);
}

/** Bytes as one ReadableStream, one chunk per array entry. */
export function bodyOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(chunk.slice());
    },
  });
}

export function hex(s: string): Uint8Array {
  return new Uint8Array(Buffer.from(s.replace(/\s+/g, ""), "hex"));
}
