/** Tools the request and prefix tests declare: a name, a description made of it, no parameters. */
import type { ToolSpec } from "../../src/core/types.js";

/** A tool that takes nothing, described by its name. */
export const stubTool = (name: string): ToolSpec => ({
  name,
  description: `the ${name}`,
  parameters: { type: "object", properties: {} },
});

/** The two tools of the prefix tests' conversations. */
export const TWO_TOOLS = [stubTool("weather"), stubTool("time")];
