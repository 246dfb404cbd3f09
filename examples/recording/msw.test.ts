import { readFileSync } from "node:fs";
import { CassetteMismatchError, cassetteHandlers, parseCassette } from "golem/testing";
import { http } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import { weatherAgent } from "./agent.js";

// The same cassette served through MSW, for a suite that already mocks the network with it,
// on the model it was recorded with (retired since: the requests must match).
const RECORDED_WITH = "claude-sonnet-4-20250514";
const cassette = parseCassette(
  readFileSync(new URL("./cassettes/weather.json", import.meta.url), "utf8"),
);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

it("replays the cassette to the global fetch", async () => {
  const tape = cassetteHandlers(cassette, http);
  server.use(...tape.handlers);
  const run = await weatherAgent(globalThis.fetch, RECORDED_WITH).run(
    "What's the weather in Florence, Italy?",
  );
  tape.assertDone(); // every interaction served, and no request differed

  expect(run.output).toContain("40°C");
});

it("fails the run with a CassetteMismatchError when the agent asks something else", async () => {
  server.use(...cassetteHandlers(cassette, http).handlers);
  // MSW also logs the error its handler threw (the diff); this test expects one.
  vi.spyOn(console, "error").mockImplementation(() => {});
  const run = weatherAgent(globalThis.fetch, RECORDED_WITH).run("And in Rome?");

  await expect(run).rejects.toBeInstanceOf(CassetteMismatchError);
});
