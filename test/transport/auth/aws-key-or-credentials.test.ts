// The key-or-SigV4 auth shared by Claude Platform on AWS and Bedrock's Messages API: where its
// credentials come from (config first, then the platform's key variable, then the AWS ones),
// and the Auth each kind becomes.
import { describe, expect, it } from "vitest";
import { keyOrSigV4Auth, resolveKeyOrCredentials } from "../../../src/auth/aws.js";
import { ConfigError } from "../../../src/core/errors.js";

const WHO = "some-platform";
const KEY_VAR = "SOME_PLATFORM_API_KEY";
const FIXED = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret-from-config" };
const provider = async () => FIXED;
const AWS_ENV = { AWS_ACCESS_KEY_ID: "AKIDFROMENV", AWS_SECRET_ACCESS_KEY: "secret-from-env" };

describe("resolveKeyOrCredentials", () => {
  it.each([
    [
      "the config's key, before every variable",
      { apiKey: "k-config" },
      { [KEY_VAR]: "k-env", ...AWS_ENV },
      { apiKey: "k-config" },
    ],
    [
      "the config's credentials",
      { credentials: FIXED },
      { [KEY_VAR]: "k-env" },
      { credentials: FIXED },
    ],
    [
      "the config's provider function, as given",
      { credentials: provider },
      AWS_ENV,
      { credentials: provider },
    ],
    [
      "the key variable, before the AWS variables",
      {},
      { [KEY_VAR]: "k-env", ...AWS_ENV },
      { apiKey: "k-env" },
    ],
    [
      "the AWS variables",
      {},
      AWS_ENV,
      { credentials: { accessKeyId: "AKIDFROMENV", secretAccessKey: "secret-from-env" } },
    ],
    [
      "the AWS variables with a session token",
      {},
      { ...AWS_ENV, AWS_SESSION_TOKEN: "session-from-env" },
      {
        credentials: {
          accessKeyId: "AKIDFROMENV",
          secretAccessKey: "secret-from-env",
          sessionToken: "session-from-env",
        },
      },
    ],
  ])("takes %s", (_, config, env, expected) => {
    expect(resolveKeyOrCredentials(config, env, WHO, KEY_VAR)).toEqual(expected);
  });

  it.each([
    [
      "no credentials at all",
      {},
      {},
      `${WHO}: no credentials; pass \`apiKey\` (or ${KEY_VAR}) or \`credentials\``,
    ],
    ["an empty key", { apiKey: "" }, AWS_ENV, `${WHO}: \`apiKey\` must be a non-empty string`],
    [
      "credentials without a secret",
      { credentials: { accessKeyId: "AKID", secretAccessKey: "" } },
      {},
      `${WHO}: \`credentials\` needs`,
    ],
  ])("refuses %s with a ConfigError naming the platform", (_, config, env, message) => {
    const err = (() => {
      try {
        resolveKeyOrCredentials(config, env, WHO, KEY_VAR);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message.startsWith(message)).toBe(true);
  });
});

describe("keyOrSigV4Auth", () => {
  const req = { method: "POST", url: "https://example.test/v1/messages", headers: {}, body: "{}" };
  const scope = { region: "us-west-2", service: "aws-external-anthropic", who: WHO };

  it("sends a key as a bearer token and owns it", async () => {
    const auth = keyOrSigV4Auth({ apiKey: "k-0123456789" }, scope);
    expect((await auth.authorize(req)).authorization).toBe("Bearer k-0123456789");
    expect(auth.secrets).toEqual(["k-0123456789"]);
  });

  it.each([
    ["fixed credentials", FIXED],
    ["a provider function", provider],
  ])("signs with %s for the scope's service and region", async (_, credentials) => {
    const auth = keyOrSigV4Auth({ credentials }, scope);
    const sent = await auth.authorize(req);
    expect(sent.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-west-2\/aws-external-anthropic\/aws4_request, /,
    );
    expect(auth.secrets).toContain("secret-from-config");
  });
});
