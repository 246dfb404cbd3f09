/**
 * The little of source maps the build needs: `mappings` decoded to numbers and back, and
 * sources dropped (https://tc39.es/ecma426/).
 */

/** A source map as esbuild writes it. */
export interface SourceMap {
  version: 3;
  sources: string[];
  sourcesContent?: (string | null)[];
  mappings: string;
  names: string[];
}

/**
 * Without the sources `drop` picks, and the mappings into them: the modules that stand for a
 * shared module inside an entry (scripts/build.ts) are made up by the build; their lines
 * (imports from the shared chunk) then map nowhere, like the bundler's own glue.
 */
export function dropSources(mapText: string, drop: (source: string) => boolean): string {
  const map = JSON.parse(mapText) as SourceMap;
  const kept = map.sources.map((s) => !drop(s));
  if (kept.every(Boolean)) return mapText;
  const index: number[] = [];
  let next = 0;
  for (const k of kept) index.push(k ? next++ : -1);
  const lines = decodeMappings(map.mappings).map((line) =>
    line
      .filter((segment) => segment.length === 1 || kept[segment[1] ?? 0])
      .map((segment) =>
        segment.length === 1
          ? segment
          : [segment[0] ?? 0, index[segment[1] ?? 0] ?? 0, ...segment.slice(2)],
      ),
  );
  return JSON.stringify({
    ...map,
    sources: map.sources.filter((_, i) => kept[i]),
    ...(map.sourcesContent && { sourcesContent: map.sourcesContent.filter((_, i) => kept[i]) }),
    mappings: encodeMappings(lines),
  });
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * A source map's `mappings` as absolute numbers: per generated line, segments of
 * [column, source, line, column, name?] (https://tc39.es/ecma426/#sec-mappings).
 */
export function decodeMappings(mappings: string): number[][][] {
  const state = [0, 0, 0, 0, 0];
  return mappings.split(";").map((line) => {
    state[0] = 0;
    if (line === "") return [];
    return line.split(",").map((segment) => {
      const values: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64.indexOf(char);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
        } else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1);
          value = 0;
          shift = 0;
        }
      }
      return values.map((v, i) => {
        state[i] = (state[i] ?? 0) + v;
        return state[i] ?? 0;
      });
    });
  });
}

export function encodeMappings(lines: number[][][]): string {
  const state = [0, 0, 0, 0, 0];
  return lines
    .map((line) => {
      state[0] = 0;
      return line
        .map((segment) =>
          segment
            .map((v, i) => {
              const delta = v - (state[i] ?? 0);
              state[i] = v;
              return vlq(delta);
            })
            .join(""),
        )
        .join(",");
    })
    .join(";");
}

function vlq(n: number): string {
  let value = n < 0 ? (-n << 1) | 1 : n << 1;
  let out = "";
  do {
    let digit = value & 31;
    value >>>= 5;
    if (value > 0) digit |= 32;
    out += BASE64[digit];
  } while (value > 0);
  return out;
}
