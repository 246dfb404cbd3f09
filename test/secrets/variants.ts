/**
 * The secret-scrubbing cases: every kind of credentials of every variant of the registry
 * (test/variants.ts), over each wire a fault adapter answers, with the registry's marked
 * secrets.
 */
import type { Model } from "../../src/core/types.js";
import { adapterModule } from "../contract/adapters.js";
import type { AdapterName, Transport } from "../faults/adapters.js";
import {
  type Auth,
  authOf,
  configAt,
  MARK,
  type PerVariant,
  perVariant,
  type Variant as VariantName,
  variantRows,
  type Wire,
} from "../variants.js";

export { MARK };

/** One way to authenticate with one variant, with marked fake credentials. */
export interface Variant {
  name: string;
  /** The fault adapter whose answers (bodies, error events, error answers) its wire speaks. */
  adapter: AdapterName;
  secrets: readonly string[];
  /** Its credentials come from a function, asked again (and the request sent again) on a 401. */
  refreshes: boolean;
  /** `mangle` changes every credential the same way (a test of keys no header may hold). */
  create(url: string, t: Transport, mangle?: (secret: string) => string): Promise<Model>;
}

/** The fault adapter that answers each wire of a variant, by the framing its answers come in. */
const ANSWERED_BY: PerVariant<Partial<Record<Wire, AdapterName>>> = perVariant({
  anthropic: { messages: "anthropic" },
  bedrock: { converse: "bedrock" },
  gemini: { "generate-content": "gemini" },
  openai: { "openai-chat": "openai" },
  azure: { "openai-chat": "azure" },
  vertex: { messages: "anthropic", "generate-content": "gemini" },
  "anthropic-bedrock": {
    skip: "its stream is Bedrock's InvokeModel event stream of Messages chunks, which no fault adapter answers",
  },
  cohere: { cohere: "cohere" },
  // A deployment is answered as the variant whose wire it deploys.
});

/** `value` with every secret string in it mangled, a function's answer too. */
function mangled(
  value: unknown,
  mangle: (secret: string) => string,
  secrets: Set<string>,
): unknown {
  if (typeof value === "string") return secrets.has(value) ? mangle(value) : value;
  if (typeof value === "function") {
    return async () => mangled(await (value as () => Promise<unknown>)(), mangle, secrets);
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, mangled(v, mangle, secrets)]),
    );
  }
  return value;
}

function variant(v: VariantName, wire: Wire, adapter: AdapterName, [name, auth]: [string, Auth]) {
  return {
    name: `${v} ${wire} ${name}`,
    adapter,
    secrets: auth.secrets,
    refreshes: Object.values(auth.config).some((x) => typeof x === "function"),
    create: async (url, t, mangle = (s) => s) => {
      const config = mangled(auth.config, mangle, new Set(auth.secrets)) as Auth["config"];
      const { create } = await adapterModule(v);
      return create({ ...configAt(url, v, wire, { ...auth, config }), ...t } as never);
    },
  } satisfies Variant;
}

// A kind exchanged at a token endpoint first (`offline`) sends nothing the emulator answers.
export const VARIANTS: Variant[] = variantRows(ANSWERED_BY).flatMap(([v, wires]) =>
  Object.entries(wires).flatMap(([wire, adapter]) =>
    authOf(v)
      .filter(([, a]) => a.offline === undefined && (a.wires ?? [wire]).includes(wire as Wire))
      .map((kind) => variant(v, wire as Wire, adapter, kind)),
  ),
);
