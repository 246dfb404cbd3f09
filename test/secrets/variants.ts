import type { Model } from "../../src/core/types.js";
import * as anthropic from "../../src/platforms/anthropic/index.js";
import * as azure from "../../src/platforms/azure/index.js";
import * as bedrock from "../../src/platforms/bedrock/index.js";
import * as gemini from "../../src/platforms/gemini/index.js";
import * as openai from "../../src/platforms/openai/index.js";
import type { AdapterName, Transport } from "../faults/adapters.js";

/** Every fake credential carries this mark; it must never show up anywhere. */
export const MARK = "SECRETMARK";

/** One way to authenticate with one adapter, with marked fake credentials. */
export interface Variant {
  name: string;
  adapter: AdapterName;
  secrets: string[];
  /** `mangle` changes every credential the same way (a test of keys no header may hold). */
  create(url: string, t: Transport, mangle?: (secret: string) => string): Model;
}

const same = (s: string) => s;
const AKID = `AKIA${MARK}00000001`;
const SECRET_KEY = `wJalrXUtnFEMI/${MARK}/bPxRfiCYEXAMPLEKEY`;
const SESSION = `IQoJb3JpZ2luX2Vj${MARK}SessionToken0001`;

export const VARIANTS: Variant[] = [
  {
    name: "anthropic api key",
    adapter: "anthropic",
    secrets: [`sk-ant-api03-${MARK}-anthropic-0001`],
    create: (url, t, m = same) =>
      anthropic.create({
        apiKey: m(`sk-ant-api03-${MARK}-anthropic-0001`),
        model: "claude-sonnet-4-20250514",
        maxTokens: 4096,
        baseURL: url,
        ...t,
      }),
  },
  {
    name: "bedrock SigV4 with a session token",
    adapter: "bedrock",
    secrets: [AKID, SECRET_KEY, SESSION],
    create: (url, t, m = same) =>
      bedrock.create({
        region: "us-east-1",
        model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
        credentials: {
          accessKeyId: m(AKID),
          secretAccessKey: m(SECRET_KEY),
          sessionToken: m(SESSION),
        },
        baseURL: url,
        ...t,
      }),
  },
  {
    name: "bedrock API key",
    adapter: "bedrock",
    secrets: [`ABSKQmVkcm9jaw${MARK}BearerKey0001`],
    create: (url, t, m = same) =>
      bedrock.create({
        region: "us-east-1",
        model: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
        apiKey: m(`ABSKQmVkcm9jaw${MARK}BearerKey0001`),
        baseURL: url,
        ...t,
      }),
  },
  {
    name: "gemini api key",
    adapter: "gemini",
    secrets: [`AIzaSy${MARK}GeminiKey0001`],
    create: (url, t, m = same) =>
      gemini.create({
        apiKey: m(`AIzaSy${MARK}GeminiKey0001`),
        model: "gemini-3-flash-preview",
        baseURL: url,
        ...t,
      }),
  },
  {
    name: "openai api key",
    adapter: "openai",
    secrets: [`sk-proj-${MARK}-openai-0001`],
    create: (url, t, m = same) =>
      openai.create({
        apiKey: m(`sk-proj-${MARK}-openai-0001`),
        model: "gpt-5.4",
        baseURL: url,
        ...t,
      }),
  },
  {
    name: "azure api-key",
    adapter: "azure",
    secrets: [`azure${MARK}ApiKey0001`],
    create: (url, t, m = same) =>
      azure.create({
        endpoint: url,
        deployment: "gpt-5-mini",
        apiKey: m(`azure${MARK}ApiKey0001`),
        ...t,
      }),
  },
  {
    name: "azure Entra token",
    adapter: "azure",
    secrets: [`eyJ0eXAiOiJKV1Qi${MARK}EntraToken0001`],
    create: (url, t, m = same) =>
      azure.create({
        endpoint: url,
        deployment: "gpt-5-mini",
        token: async () => m(`eyJ0eXAiOiJKV1Qi${MARK}EntraToken0001`),
        ...t,
      }),
  },
];
