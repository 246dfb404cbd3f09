/**
 * A run that picks up after its process died. A child process runs a trip-booking agent that
 * checkpoints every step into a file; it books the flight, then dies while booking the hotel
 * (the hotel's system took the booking, the run never recorded the answer). This process
 * reads the last checkpoint: the flight's call is answered (it will not run again), the
 * hotel's call is in doubt. It looks the booking up, answers that call itself, and resumes:
 * the model is asked for step 3 only. No key needed: golem/testing's scripted model answers.
 *
 *   npm run example:resume
 */
import { execFile } from "node:child_process";
import { appendFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Agent, type Message, pendingToolCalls, tool } from "golem";
import { scriptedModel } from "golem/testing";
import { z } from "zod";
import { fileStore } from "./stores.js";

const [, , role, dir = ""] = process.argv;
/** The hotel's own records: what a booking call did, whatever happened to the run. */
const bookings = join(dir, "hotel-bookings.txt");

const bookFlight = tool({
  name: "book_flight",
  description: "Book a flight",
  parameters: z.object({ to: z.string() }),
  execute: ({ to }) => {
    console.log(`  [child] booked the flight to ${to}`);
    return "flight F-100 booked";
  },
});
const bookHotel = tool({
  name: "book_hotel",
  description: "Book a hotel",
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => {
    await appendFile(bookings, `H-200 ${city}\n`);
    console.log(`  [child] booked the hotel in ${city}, then the power went out`);
    process.exit(1);
  },
});
const call = (id: string, name: string, args: unknown) => ({
  type: "tool-call" as const,
  id,
  name,
  arguments: JSON.stringify(args),
});
const usage = { inputTokens: 10, outputTokens: 5 };
const turn = (content: Message["content"]) => ({
  message: { role: "assistant" as const, content },
  usage,
  stopReason: "tool_use" as const,
});

if (role === "child") {
  const model = scriptedModel([
    turn([call("t1", "book_flight", { to: "Florence" })]),
    turn([call("t2", "book_hotel", { city: "Florence" })]),
  ]);
  const agent = new Agent({ model, tools: [bookFlight, bookHotel] });
  await agent.run("Book my trip to Florence.", { checkpoint: fileStore(dir).keep("trip") });
} else {
  const work = await mkdtemp(join(tmpdir(), "golem-resume-"));
  try {
    const self = fileURLToPath(import.meta.url);
    await promisify(execFile)(process.execPath, ["--import", "tsx", self, "child", work]).then(
      () => console.log("the child finished (it should not have)"),
      (err: { stdout: string }) => process.stdout.write(`${err.stdout}the child process died\n`),
    );
    const history = (await fileStore(work).take("trip")) ?? [];
    console.log(`last checkpoint: ${history.map((m) => m.role).join(", ")}`);
    const answers: Message[] = [];
    for (const open of pendingToolCalls(history)) {
      console.log(`in doubt: ${open.name} ${open.arguments} (its answer was never recorded)`);
      // The caller decides: here the hotel's records show the booking went through.
      const booked = (await readFile(join(work, "hotel-bookings.txt"), "utf8")).trim();
      answers.push({ role: "tool", toolCallId: open.id, content: `hotel ${booked} booked` });
    }
    const model = scriptedModel(["Booked: flight F-100 and hotel H-200 in Florence."]);
    const agent = new Agent({ model, tools: [bookFlight, bookHotel] });
    const result = await agent.resume([...history, ...answers], {});
    console.log(`resumed at step 3: ${result.output} (${result.steps} model call)`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
