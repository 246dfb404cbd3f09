import { describe, expect, it } from "vitest";
import { parseInputTransformations } from "../../../src/wires/openai-responses/response.js";
import type { ResponseTransformationReason } from "../../../src/wires/openai-responses/wire.js";

// openai 7.60.0 `Response.InputTransformation.reason`, every value a row: each removed
// reasoning item becomes a dropped entry naming the reason and the item's id.
const REASONS: Record<ResponseTransformationReason, true> = {
  organization_mismatch: true,
  end_user_mismatch: true,
  model_mismatch: true,
  prefix_mismatch: true,
  turn_boundary: true,
};

describe("Responses input_transformations", () => {
  it.each(Object.keys(REASONS))("reads a reasoning item removed for %s as dropped", (reason) => {
    const raw = { type: "reasoning", action: "removed", id: "rs_1", reason };
    expect(parseInputTransformations([raw])).toEqual([
      { action: "dropped", by: "provider", reason, id: "rs_1", raw },
    ]);
  });
});
