import type { ModelResponse } from "../../core/types.js";

/** One call's server-held form: the body to send, what completes its response, its fallback. */
export interface ServerPlan {
  body: object;
  finish(response: ModelResponse, bytes: number): ModelResponse;
  fallback?(err: unknown): ServerPlan | undefined;
}

// Each body's plan, noted by the wire's check (which has the guard's answer) for the send
// path to read; a side table so the check keeps its signature, and a wire without
// `serverHistory` carries none of the planning.
const PLANS = new WeakMap<object, ServerPlan>();

/** Notes the plan of the request body `body`. */
export function notePlan(body: object, plan: ServerPlan): void {
  PLANS.set(body, plan);
}

/** The plan noted for `body`, or none (`serverHistory` off). */
export function planOf(body: object): ServerPlan | undefined {
  return PLANS.get(body);
}
