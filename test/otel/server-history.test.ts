import { describe, expect, it } from "vitest";
import type { Message } from "../../src/core/types.js";
import { withTracing } from "../../src/otel/index.js";
import { create } from "../../src/platforms/anthropic/index.js";
import { jsonResponse, scriptedFetch } from "../helpers/fetch.js";
import { threadError } from "../helpers/thread-error.js";
import { recordSpans } from "./spans.js";

const reply = (id: string) => ({
  id,
  type: "message",
  role: "assistant",
  model: "claude-sonnet-4-6",
  content: [{ type: "text", text: "ok" }],
  stop_reason: "end_turn",
  usage: { input_tokens: 1, output_tokens: 1 },
});

describe("withTracing: serverHistory on the model span", () => {
  it("records the mode, the id, the fallback and the bytes sent", async () => {
    const { fetch, calls } = scriptedFetch([
      jsonResponse(200, reply("msg_1")),
      threadError(404, "thread_not_found", "gone"),
      jsonResponse(200, reply("msg_2")),
    ]);
    const recorder = recordSpans();
    const model = withTracing(
      create({
        apiKey: "k",
        model: "claude-sonnet-4-6",
        maxTokens: 64,
        fetch,
        serverHistory: true,
      }),
      { tracer: recorder.tracer },
    );
    const history: Message[] = [{ role: "user", content: "Hi" }];
    history.push((await model.generate({ messages: history })).message);
    history.push({ role: "user", content: "Again" });
    await model.generate({ messages: history });
    const [first, second] = recorder.spans();
    expect(first?.attributes).toMatchObject({
      "golem.server_history.sent": "full",
      "golem.server_history.id": "msg_1",
      "golem.request.bytes": calls[0]?.body.length,
    });
    expect(second?.attributes).toMatchObject({
      "golem.server_history.sent": "full",
      "golem.server_history.id": "msg_2",
      "golem.server_history.fallback": "thread_not_found",
      "golem.request.bytes": calls[2]?.body.length,
    });
    expect(first?.attributes).not.toHaveProperty("golem.server_history.fallback");
  });
});
