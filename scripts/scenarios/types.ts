import type { Model } from "../../src/index.js";

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** What a scenario gets to build its model: the recording fetch and the overrides. */
export interface ScenarioContext {
  fetch: Fetch;
  /** `--base-url`: talk to this server instead of the provider's default endpoint. */
  baseURL?: string;
  /** `--model`: a model id (Azure: a deployment) instead of the scenario's default. */
  model?: string;
  /**
   * The environment, for what an adapter does not read itself (an Azure endpoint or token, a
   * DeepSeek key, the AWS region). Keys the adapters read (`ANTHROPIC_API_KEY`, …) stay theirs.
   */
  env: Record<string, string | undefined>;
}

/** A named exchange with a live provider that `scripts/capture.ts` records. */
export interface Scenario {
  description: string;
  streaming: boolean;
  /** The model id used unless `--model` says otherwise. */
  defaultModel: string;
  /** Builds the adapter (credentials come from the environment, as users' code does). */
  create(ctx: ScenarioContext): Model;
  /** Runs the turns. A scenario that expects an error catches it. */
  run(model: Model): Promise<void>;
}
