import { openCassette } from "golem/testing";
import { expect, it } from "vitest";
import { weatherAgent } from "./agent.js";

// Replays cassettes/weather.json and checks every request the agent makes against it.
// Record it anew with your key: GOLEM_CASSETTE_MODE=record npx vitest run examples/recording
// (or "update" to re-record and see which interactions changed).
// The cassette was recorded with claude-sonnet-4-20250514, retired since: a replay asks for
// that model (the requests must match); a new recording uses the app's current one.
const RECORDED_WITH = "claude-sonnet-4-20250514";

it("answers with the weather in Florence after one tool call", async () => {
  const tape = await openCassette(new URL("./cassettes/weather.json", import.meta.url));
  const model = tape.mode === "replay" ? RECORDED_WITH : undefined;
  const run = await weatherAgent(tape.fetch, model).run("What's the weather in Florence, Italy?");
  await tape.save(); // replay: every interaction was used; record: writes the file

  expect(run.steps).toBe(2);
  expect(run.output).toContain("40°C");
  // The thinking block and its signature went back in turn 2 exactly as they came.
  const thinking = run.messages[1]?.content;
  expect(Array.isArray(thinking) && thinking[0]?.type).toBe("thinking");
});
