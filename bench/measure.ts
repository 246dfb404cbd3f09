/**
 * Timing for ratio benchmarks on a shared machine. Variants run interleaved, round after round
 * (so a slow minute slows all of them), each timed by the wall clock and, where Linux exposes
 * it, by the CPU time of the main thread (`/proc/thread-self/schedstat`), which leaves out the
 * time other processes held the core. Ratios are taken per round, against the round's base run,
 * and reported as medians.
 */
import { readFileSync } from "node:fs";

/** One timed run: wall-clock and main-thread CPU milliseconds (CPU is NaN where unreadable). */
export interface Sample {
  wall: number;
  cpu: number;
}

/** The summary of one variant against the base variant. */
export interface Summary {
  name: string;
  /** Median wall-clock milliseconds of one run. */
  wallMs: number;
  /** Median main-thread CPU milliseconds of one run. */
  cpuMs: number;
  /** Median over rounds of base time / this time, by wall clock (above 1: faster than base). */
  ratio: number;
  /** The same by main-thread CPU time. */
  cpuRatio: number;
  /** Smallest and largest per-round wall-clock ratio: the noise. */
  spread: [number, number];
  samples: Sample[];
}

function threadCpuMs(): number {
  try {
    return Number(readFileSync("/proc/thread-self/schedstat", "utf8").split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Times one run of `fn`. */
export async function sample(fn: () => unknown): Promise<Sample> {
  const cpu = threadCpuMs();
  const start = performance.now();
  await fn();
  const wall = performance.now() - start;
  return { wall, cpu: threadCpuMs() - cpu };
}

/** Options of {@link compare}. */
export interface CompareOptions {
  /** Untimed runs of each variant first. @defaultValue 3 */
  warmup?: number;
  /**
   * A full GC (and a pause for the sweeper) before each run, so a variant does not pay for the
   * garbage of the one before it; for variants whose garbage differs by orders of magnitude.
   * Needs `--expose-gc`. @defaultValue false
   */
  collect?: boolean;
  /**
   * Each round starts one variant further on (round r runs variant r, r+1, …), so that every
   * variant follows every other equally often and none always pays for the garbage of the same
   * predecessor. @defaultValue false
   */
  rotate?: boolean;
}

/**
 * Runs every variant `warmup` times, then `rounds` rounds of one run each, interleaved; the
 * first variant is the base of every ratio.
 */
export async function compare(
  variants: readonly (readonly [string, () => unknown])[],
  rounds: number,
  options: CompareOptions = {},
): Promise<Summary[]> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (options.collect && !gc) throw new Error("collect needs node --expose-gc");
  for (let i = 0; i < (options.warmup ?? 3); i++) for (const [, fn] of variants) await fn();
  const samples = variants.map((): Sample[] => []);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < variants.length; k++) {
      const i = options.rotate ? (r + k) % variants.length : k;
      const fn = (variants[i] as readonly [string, () => unknown])[1];
      if (options.collect) {
        gc?.();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      samples[i]?.push(await sample(fn));
    }
  }
  const base = samples[0] as Sample[];
  return variants.map(([name], i) => summarize(name, samples[i] as Sample[], base));
}

/** The medians of `own`, and its per-round ratios against `base` (base time / own time). */
export function summarize(name: string, own: Sample[], base: readonly Sample[]): Summary {
  const wallRatios = own.map((s, r) => (base[r] as Sample).wall / s.wall);
  const cpuRatios = own.map((s, r) => (base[r] as Sample).cpu / s.cpu);
  return {
    name,
    wallMs: median(own.map((s) => s.wall)),
    cpuMs: median(own.map((s) => s.cpu)),
    ratio: median(wallRatios),
    cpuRatio: median(cpuRatios),
    spread: [Math.min(...wallRatios), Math.max(...wallRatios)],
    samples: own,
  };
}

/**
 * Round by round, the faster of several variants measured in the same rounds (wall and CPU
 * time each the least of that round): a floor that is whichever of its forms wins.
 */
export function fastestPerRound(variants: readonly Summary[]): Sample[] {
  const rounds = variants[0]?.samples.length ?? 0;
  return Array.from({ length: rounds }, (_, r) => ({
    wall: Math.min(...variants.map((v) => (v.samples[r] as Sample).wall)),
    cpu: Math.min(...variants.map((v) => (v.samples[r] as Sample).cpu)),
  }));
}
