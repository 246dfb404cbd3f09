/**
 * The Gemini API's JSON, as its docs name it (generativelanguage.googleapis.com `v1beta`).
 * Only the fields golem writes or reads; open enums keep unknown values.
 * @see https://ai.google.dev/api/generate-content
 */

/** A piece of a content; `thoughtSignature` may ride on any part type. */
export interface Part {
  text?: string;
  /** `true` on a thought summary part. */
  thought?: boolean;
  /** Opaque base64 signature; replayed byte for byte on the part it came with. */
  thoughtSignature?: string;
  functionCall?: FunctionCall;
  functionResponse?: FunctionResponse;
  /** Code the code execution tool ran; golem keeps it, as sent, as a provider part. */
  executableCode?: {
    /** The values of @google/genai 3.6.1's `Language` enum. */
    language?: "LANGUAGE_UNSPECIFIED" | "PYTHON";
    code?: string;
    id?: string;
  };
  /** What that code printed; a provider part too. */
  codeExecutionResult?: {
    /** The values of @google/genai 3.6.1's `Outcome` enum. */
    outcome?: "OUTCOME_UNSPECIFIED" | "OUTCOME_OK" | "OUTCOME_FAILED" | "OUTCOME_DEADLINE_EXCEEDED";
    output?: string;
    id?: string;
  };
  /** Bytes: sent for image and file parts; returned by image models (a provider part). */
  inlineData?: { mimeType?: string; data?: string };
  /** A file the API fetches itself (a Files API URI, or a URL). */
  fileData?: { mimeType: string; fileUri: string };
}

/** A media part of a function response (Gemini 3). */
export type FunctionResponsePart = Pick<Part, "inlineData" | "fileData">;

/** A call the model asks for; Vertex streams arguments as `partialArgs` fragments. */
export interface FunctionCall {
  name?: string;
  args?: Record<string, unknown>;
  id?: string;
  /** Vertex `streamFunctionCallArguments`: argument fragments of a call that spans parts. */
  partialArgs?: PartialArg[];
  /** More parts of this call follow. */
  willContinue?: boolean;
}

/** One streamed argument fragment (Vertex): a JSON path and one of the value fields. */
export interface PartialArg {
  jsonPath?: string;
  stringValue?: string;
  numberValue?: number;
  boolValue?: boolean;
  nullValue?: null | "NULL_VALUE";
  /** More of this string value follows. */
  willContinue?: boolean;
}

/** A tool's result sent back to the model. */
export interface FunctionResponse {
  name: string;
  id?: string;
  response: Record<string, unknown>;
  /** Images and documents the tool returned (Gemini 3). */
  parts?: FunctionResponsePart[];
}

/** One turn of the conversation. */
export interface Content {
  role?: "user" | "model";
  parts: Part[];
}

export interface ThinkingConfig {
  includeThoughts?: boolean;
  thinkingBudget?: number;
  /** `XHIGH`: Gemini 4 (@google/genai 3.6.1 `ThinkingLevel.XHIGH`). */
  thinkingLevel?: "MINIMAL" | "LOW" | "MEDIUM" | "HIGH" | "XHIGH";
}

export interface GenerationConfig {
  maxOutputTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  stopSequences?: string[];
  seed?: number;
  /** `"application/json"` with `responseJsonSchema`: structured output. */
  responseMimeType?: string;
  responseJsonSchema?: object;
  thinkingConfig?: ThinkingConfig;
}

export interface FunctionDeclaration {
  name: string;
  description: string;
  /** Plain JSON Schema (the `parameters` field takes only the OpenAPI subset). */
  parametersJsonSchema: object;
}

export interface Tool {
  functionDeclarations: FunctionDeclaration[];
}

export interface ToolConfig {
  functionCallingConfig: {
    mode: "AUTO" | "NONE" | "ANY";
    allowedFunctionNames?: string[];
  };
}

/** The body of `:generateContent` and `:streamGenerateContent`. */
export interface GenerateContentRequest {
  contents: Content[];
  systemInstruction?: Content;
  generationConfig?: GenerationConfig;
  tools?: Tool[];
  toolConfig?: ToolConfig;
  /** An explicit cache's name (`cachedContents/…`) this request continues. */
  cachedContent?: string;
  /**
   * Long decode: the previous hop's `Candidate.continuationToken`, on an otherwise identical
   * request (@google/genai 3.6.1 sends `GenerateContentConfig.continuationToken` here, at the
   * top level). https://ai.google.dev/gemini-api/docs/generate-content/long-decode
   */
  continuationToken?: string;
}

export type FinishReason =
  | "STOP"
  | "MAX_TOKENS"
  | "SAFETY"
  | "RECITATION"
  | "BLOCKLIST"
  | "PROHIBITED_CONTENT"
  | "SPII"
  | "MALFORMED_FUNCTION_CALL"
  | "OTHER"
  /** A long-decode hop reached the per-request cap with budget left (`continuationToken` set). */
  | "CONTINUATION"
  | (string & {});

export interface Candidate {
  content?: Content;
  finishReason?: FinishReason;
  finishMessage?: string;
  index?: number;
  /**
   * Long decode: set with `finishReason: "CONTINUATION"` (and, streamed, on checkpoint chunks
   * before it); the next hop sends it back (@google/genai 3.6.1 `Candidate.continuationToken`).
   */
  continuationToken?: string;
}

export interface UsageMetadata {
  promptTokenCount?: number;
  /** Visible output only; thoughts are counted apart in `thoughtsTokenCount`. */
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  totalTokenCount?: number;
}

export interface PromptFeedback {
  blockReason?: "SAFETY" | "OTHER" | "BLOCKLIST" | "PROHIBITED_CONTENT" | (string & {});
  blockReasonMessage?: string;
}

/** A whole answer (`generateContent`) or one SSE chunk of `streamGenerateContent`. */
export interface GenerateContentResponse {
  candidates?: Candidate[];
  promptFeedback?: PromptFeedback;
  usageMetadata?: UsageMetadata;
  modelVersion?: string;
  responseId?: string;
}

/** The error object Google APIs answer with (also seen inside an SSE `data:` line). */
export interface Status {
  code?: number;
  message?: string;
  status?: string;
  details?: unknown[];
}

/** An error body: `{ error }`, sometimes wrapped in an array (`[{ error }]`). */
export type ErrorBody = { error?: Status } | { error?: Status }[];
