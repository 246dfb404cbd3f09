import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../src/core/errors.js";
import { textOf, thinkingOf, toolCallsOf } from "../../../src/core/parts.js";
import type { Message } from "../../../src/core/types.js";
import { resolveConfig } from "../../../src/platforms/azure/config.js";
import { APIError, create } from "../../../src/platforms/azure/index.js";
import { responsesUrl } from "../../../src/platforms/azure/platform.js";
import * as openai from "../../../src/platforms/openai/index.js";
import {
  type Cassette,
  type CassetteResponse,
  type ReplayFetch,
  replayFetch,
} from "../../../src/testing/index.js";
import { createModel, fakeSecret } from "../../contract/adapters.js";
import { expectAPIError } from "../../helpers/errors.js";
import { inlineCassette, sseEvents } from "../../helpers/fetch.js";
import { reasoningItem } from "../../wires/openai-responses/items.js";

const KEY = fakeSecret("azure");
const ENDPOINT = "https://my-resource.openai.azure.com";
const V1 = `${ENDPOINT}/openai/v1/responses`;
const WEATHER = {
  name: "weather",
  description: "Get weather information for a location",
  parameters: { type: "object", properties: { location: { type: "string" } } },
};
const USER: Message = { role: "user", content: "What's the weather in Florence, Italy?" };

const REASONING = reasoningItem(
  "rs_az1",
  "**Checking the weather**\n\nCall the tool.",
  "gAAAAB-azure-enc-1",
);
const CALL = {
  id: "fc_az1",
  type: "function_call",
  status: "completed",
  call_id: "call_az1",
  name: "weather",
  arguments: '{"location":"Florence, Italy"}',
};
const TURN1: CassetteResponse = {
  status: 200,
  headers: { "content-type": "application/json", "apim-request-id": "apim-1" },
  body: {
    id: "resp_az1",
    status: "completed",
    output: [REASONING, CALL],
    usage: { input_tokens: 60, output_tokens: 90, output_tokens_details: { reasoning_tokens: 64 } },
    content_filters: [],
  },
};
const TURN2: CassetteResponse = {
  status: 200,
  headers: { "content-type": "application/json" },
  body: {
    id: "resp_az2",
    status: "completed",
    output: [
      {
        id: "msg_az2",
        type: "message",
        role: "assistant",
        content: [{ type: "output_text", text: "It is 40 C in Florence." }],
      },
    ],
    usage: { input_tokens: 120, output_tokens: 12 },
  },
};

const body = (input: object[], extra: object = {}) => ({
  model: "gpt-5-mini",
  input,
  tools: [{ type: "function", ...WEATHER, strict: false }],
  reasoning: { effort: "high", summary: "auto" },
  include: ["reasoning.encrypted_content"],
  store: false,
  ...extra,
});

const cassette = (url: string, interactions: [object, CassetteResponse][]): Cassette =>
  inlineCassette({ provider: "azure", url, headers: { "api-key": "<redacted>" } }, interactions);

/** An azure model on the responses API (the table's fake key unless `config` brings a token). */
const responsesModel = (fetch: ReplayFetch, config: Record<string, unknown> = {}) =>
  createModel(
    "azure",
    {
      endpoint: ENDPOINT,
      deployment: "gpt-5-mini",
      api: "responses",
      reasoningEffort: "high",
      ...config,
    },
    fetch,
  );

describe("azure create with api: responses", () => {
  it("runs a tool loop on the v1 URL and replays the azure block without any item id", async () => {
    const turn2Input = [
      { role: "user", content: USER.content },
      {
        type: "reasoning",
        summary: REASONING.summary,
        encrypted_content: REASONING.encrypted_content,
      },
      {
        type: "function_call",
        call_id: "call_az1",
        name: "weather",
        arguments: CALL.arguments,
      },
      { type: "function_call_output", call_id: "call_az1", output: "40 C" },
    ];
    const fetch = replayFetch(
      cassette(V1, [
        [body([{ role: "user", content: USER.content }]), TURN1],
        [body(turn2Input), TURN2],
      ]),
    );
    const model = await responsesModel(fetch);
    expect(model.provider).toBe("azure");
    expect(model.model).toBe("gpt-5-mini");
    const turn1 = await model.generate({ messages: [USER], tools: [WEATHER] });
    expect(thinkingOf(turn1.message)).toEqual([
      {
        type: "thinking",
        text: "**Checking the weather**\n\nCall the tool.",
        signature: "gAAAAB-azure-enc-1",
        provider: "azure-responses",
      },
    ]);
    const turn2 = await model.generate({
      messages: [USER, turn1.message, { role: "tool", toolCallId: "call_az1", content: "40 C" }],
      tools: [WEATHER],
    });
    fetch.assertDone();
    expect(fetch.requests[0]?.headers["api-key"]).toBe(KEY);
    const sent =
      (fetch.requests[1]?.body as { input: { encrypted_content?: string }[] } | undefined)?.input ??
      [];
    expect(sent[1]?.encrypted_content).toBe(REASONING.encrypted_content);
    expect(sent.every((item) => !("id" in item))).toBe(true);
    expect(textOf(turn2.message)).toBe("It is 40 C in Florence.");
  });

  it("drops reasoning and phase of golem/openai: encrypted content is bound to the resource that made it", async () => {
    const fetch = replayFetch(
      cassette(V1, [
        [
          body([
            { role: "user", content: USER.content },
            {
              type: "message",
              role: "assistant",
              content: [{ type: "output_text", text: "Checking." }],
            },
            { type: "function_call", call_id: "call_az1", name: "weather", arguments: "{}" },
            { type: "function_call_output", call_id: "call_az1", output: "40 C" },
          ]),
          TURN2,
        ],
      ]),
    );
    const model = await responsesModel(fetch);
    await model.generate({
      messages: [
        USER,
        {
          role: "assistant",
          content: [
            { type: "thinking", text: "t", signature: "gAAAAB-openai-enc", provider: "openai" },
            { type: "text", text: "Checking.", phase: "commentary", provider: "openai" },
            { type: "tool-call", id: "call_az1", name: "weather", arguments: "{}" },
          ],
        },
        { role: "tool", toolCallId: "call_az1", content: "40 C" },
      ],
      tools: [WEATHER],
    });
    fetch.assertDone();
  });

  it("uses the preview URL with an apiVersion, still naming the deployment as model", async () => {
    const url = `${ENDPOINT}/openai/responses?api-version=2025-03-01-preview`;
    const fetch = replayFetch(
      cassette(url, [[body([{ role: "user", content: USER.content }]), TURN1]]),
    );
    const model = await responsesModel(fetch, { apiVersion: "2025-03-01-preview" });
    await model.generate({ messages: [USER], tools: [WEATHER] });
    fetch.assertDone();
  });

  it("sends an Entra ID token as a bearer header instead of api-key", async () => {
    const base = cassette(V1, [[body([{ role: "user", content: USER.content }]), TURN1]]);
    const interactions = base.interactions.map((i) => ({
      ...i,
      request: {
        ...i.request,
        headers: { "content-type": "application/json", authorization: "<redacted>" },
      },
    }));
    const fetch = replayFetch({ ...base, interactions });
    const model = await responsesModel(fetch, { token: async () => "entra-token-0123456789" });
    await model.generate({ messages: [USER], tools: [WEATHER] });
    fetch.assertDone();
    expect(fetch.requests[0]?.headers.authorization).toBe("Bearer entra-token-0123456789");
    expect(fetch.requests[0]?.headers["api-key"]).toBe(undefined);
  });

  it("throws azure.APIError, not openai.APIError, with apim-request-id", async () => {
    const fetch = replayFetch(
      cassette(V1, [
        [
          body([{ role: "user", content: USER.content }]),
          {
            status: 400,
            headers: { "content-type": "application/json", "apim-request-id": "apim-400" },
            body: {
              error: {
                message:
                  "The encrypted content for item rs_x could not be verified. Reason: Encrypted content could not be decrypted or parsed.",
                type: "invalid_request_error",
                param: null,
                code: "invalid_encrypted_content",
              },
            },
          },
        ],
      ]),
    );
    const model = await responsesModel(fetch);
    const error = await model
      .generate({ messages: [USER], tools: [WEATHER] })
      .catch((e: unknown) => e);
    expectAPIError(error, APIError, {
      provider: "azure",
      status: 400,
      type: "invalid_request_error",
      requestId: "apim-400",
    });
    expect(error).not.toBeInstanceOf(openai.APIError);
  });

  it("streams with blocks tagged azure-responses", async () => {
    const events = [
      { type: "response.output_item.done", output_index: 0, item: REASONING },
      { type: "response.output_item.done", output_index: 1, item: CALL },
      { type: "response.completed", response: TURN1.body },
    ];
    const fetch = replayFetch(
      cassette(V1, [
        [
          body([{ role: "user", content: USER.content }], { stream: true }),
          {
            status: 200,
            headers: { "content-type": "text/event-stream" },
            chunks: sseEvents(...events),
          },
        ],
      ]),
    );
    const model = await responsesModel(fetch);
    const res = await model.stream({ messages: [USER], tools: [WEATHER] }).response;
    expect(thinkingOf(res.message)[0]?.provider).toBe("azure-responses");
    expect(toolCallsOf(res.message)).toEqual([
      { type: "tool-call", id: "call_az1", name: "weather", arguments: CALL.arguments },
    ]);
  });
});

describe("azure responses config and URL", () => {
  it("resolves the deployment as model and a default summary, with or without apiVersion", () => {
    for (const apiVersion of [undefined, "2025-03-01-preview"]) {
      const cfg = resolveConfig(
        {
          endpoint: ENDPOINT,
          deployment: "gpt-5-mini",
          api: "responses",
          apiKey: KEY,
          ...(apiVersion === undefined ? {} : { apiVersion }),
        },
        {},
      );
      expect(cfg).toMatchObject({
        api: "responses",
        model: "gpt-5-mini",
        reasoningSummary: "auto",
      });
    }
  });

  it("builds the v1, preview and baseURL forms of the Responses URL", () => {
    expect(responsesUrl({ deployment: "d", endpoint: ENDPOINT })).toBe(V1);
    expect(
      responsesUrl({ deployment: "d", endpoint: ENDPOINT, apiVersion: "2025-04-01-preview" }),
    ).toBe(`${ENDPOINT}/openai/responses?api-version=2025-04-01-preview`);
    expect(responsesUrl({ deployment: "d", baseURL: "https://gw.example.test/az" })).toBe(
      "https://gw.example.test/az/responses",
    );
  });

  it("refuses reasoningSummary without api: responses", () => {
    expect(() =>
      create({ endpoint: ENDPOINT, deployment: "d", apiKey: KEY, reasoningSummary: "auto" }),
    ).toThrow(ConfigError);
  });
});
