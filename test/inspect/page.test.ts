/**
 * The inspector's page in a real headless browser (the system's Chromium, test/inspect/browser.ts):
 * it renders every turn in order, shows the guard's verdicts, holds no payload or secret,
 * escapes hostile text, makes no request, and stays whole for a 2 MB, 200-turn history.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../src/core/types.js";
import { SCRIPT, SCRIPT_HASH } from "../../src/inspect/assets.js";
import { inspect } from "../../src/inspect/index.js";
import type { Cassette } from "../../src/testing/cassette.js";
import { ROOT } from "../runtimes/built.js";
import { bigHistory } from "./big-history.js";
import { launchBrowser, openFile, openPage } from "./browser.js";
import { REDACTED_DATA, SIGNATURE_1, SIGNATURE_2, weatherHistory } from "./histories.js";

let browser: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ browser, close } = await launchBrowser());
}, 60_000);
afterAll(async () => {
  await close?.();
});

/** The page of `input` opened in the browser; fails the test on any request or script error. */
async function open(input: Parameters<typeof inspect>[0], opts = {}) {
  const html = inspect(input, opts);
  const opened = await openPage(browser, html);
  return { html, ...opened };
}

const turnsOf = (page: Awaited<ReturnType<typeof open>>["page"]) =>
  page.$$eval("article.turn", (list) =>
    list.map((a) => [a.getAttribute("data-index"), a.getAttribute("data-role")]),
  );

const verdictsOf = (page: Awaited<ReturnType<typeof open>>["page"]) =>
  page.$$eval("article.turn", (list) =>
    list.map((a) => a.querySelector(".verdict")?.getAttribute("data-outcome") ?? null),
  );

describe("the inspector's page in a browser", () => {
  it("holds each turn in order, each part in order, and makes no request", async () => {
    const { page, requests, errors } = await open(await weatherHistory());
    expect(await turnsOf(page)).toEqual([
      ["0", "user"],
      ["1", "assistant"],
      ["2", "tool"],
      ["3", "assistant"],
      ["4", "user"],
    ]);
    const kinds = await page.$$eval("#turn-3 .part", (l) =>
      l.map((p) => p.getAttribute("data-kind")),
    );
    expect(kinds).toEqual(["redacted", "thinking", "text"]);
    expect(await page.textContent("#turn-3")).toContain("redacted");
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows every signed turn kept for an unchanged history", async () => {
    const { page } = await open(await weatherHistory());
    expect(await verdictsOf(page)).toEqual([null, "kept", null, "kept", null]);
    expect(await page.$$(".diff")).toHaveLength(0);
    await page.close();
  });

  it("shows the refusal for an edited history, the first differing part highlighted", async () => {
    const history = await weatherHistory();
    history[0] = { role: "user", content: "Weather in Bergen?" };
    const { page } = await open(history);
    expect(await verdictsOf(page)).toEqual([null, "refused", null, "refused", null]);
    const highlighted = await page.$$eval(".diff", (l) => l.map((e) => e.id));
    expect(highlighted).toContain("p-messages.0.content.0");
    expect(await page.textContent("#turn-1 .verdict")).toContain("messages.0.content.0");
    await page.close();
  });

  it("shows the refusal for a reordered history at the moved block", async () => {
    const h = await weatherHistory();
    const { page } = await open([h[0], h[1], h[2], h[4], h[3]] as Message[]);
    expect(await verdictsOf(page)).toEqual([null, "kept", null, null, "refused"]);
    expect(await page.$$eval(".diff", (l) => l.map((e) => e.id))).toEqual([
      "p-messages.3.content.0",
    ]);
    await page.close();
  });

  it("holds no signature, encrypted payload or secret anywhere in its source", async () => {
    const secret = "sk-ant-api03-page-test-secret-value";
    const history = await weatherHistory();
    history.push({ role: "user", content: `my key is ${secret}, and Bearer abcdefghijklmnop123` });
    const cassette = JSON.parse(
      readFileSync(join(ROOT, "fixtures/anthropic/cache-tool-loop.json"), "utf8"),
    ) as Cassette;
    for (const i of cassette.interactions) i.request.headers["x-api-key"] = secret;
    const toolText = JSON.stringify(cassette).replace("40 C", `40 C ${secret}`);
    const pages = [inspect(history), inspect(toolText)];
    for (const html of pages) {
      for (const hidden of [SIGNATURE_1, SIGNATURE_2, REDACTED_DATA, "abcdefghijklmnop123"]) {
        expect(html).not.toContain(hidden);
      }
    }
    expect(pages[1]).not.toContain(secret);
    expect(pages[1]).toContain("&lt;redacted&gt;");
    // The fixture's signatures are payloads too.
    const signature = JSON.stringify(cassette).match(/"signature":"([^"]+)"/)?.[1] ?? "none";
    expect(signature.length).toBeGreaterThan(40);
    expect(pages[1]).not.toContain(signature);
  });

  it("shows hostile text as text: a part cannot close the script or run a handler", async () => {
    const hostile = [
      "</script><script>window.__pwned = 1</script>",
      '<img src="x" onerror="window.__pwned = 2">',
      '"><svg onload="window.__pwned = 3">',
    ];
    const history: Message[] = [
      { role: "user", content: hostile[0] as string },
      {
        role: "assistant",
        content: [
          { type: "text", text: hostile[1] as string },
          { type: "thinking", text: hostile[2] as string, signature: "s", provider: "anthropic" },
          { type: "image", mediaType: "image/png", url: "https://example.com/remote.png" },
        ],
      },
    ];
    const { page, requests, errors } = await open(history, { title: hostile[0] });
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.$$("img")).toHaveLength(0);
    expect(await page.$$("svg")).toHaveLength(0);
    expect(await page.$$("script")).toHaveLength(1);
    const text = await page.textContent("#turns");
    for (const h of hostile) expect(text).toContain(h);
    expect(text).toContain("https://example.com/remote.png");
    expect(await page.title()).toBe(hostile[0]);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("runs its one script under a Content-Security-Policy that names it by its hash", async () => {
    const hash = `sha256-${createHash("sha256").update(SCRIPT).digest("base64")}`;
    expect(SCRIPT_HASH).toBe(hash);
    const { page, errors } = await open(await weatherHistory());
    await page.setContent(inspect(bigHistory(4, 2000)));
    await page.click("#open-all");
    expect(
      await page.$$eval("details", (l) => l.every((d) => (d as HTMLDetailsElement).open)),
    ).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows a cassette's requests with their cache reads and writes", async () => {
    const { page, requests } = await open(
      readFileSync(join(ROOT, "fixtures/anthropic/cache-tool-loop.json"), "utf8"),
    );
    expect(await page.$$eval("#steps tr[data-step]", (l) => l.length)).toBe(3);
    const row = await page.textContent('#steps tr[data-step="2"]');
    expect(row).toContain("1841");
    expect(row).toContain("extends the request before");
    expect(requests).toEqual([]);
    await page.close();
  });

  it.each([
    ["a Chat Completions stream", "openai/deepseek-thinking-tool-loop-stream.json", "text,"],
    ["a Cohere stream", "cohere/thinking-tool-loop-stream.json", ""],
    ["a Converse event stream", "bedrock/thinking-tool-loop-stream.json", "text,"],
  ])("shows %s's answer with its parts in order", async (_, path, text) => {
    const cassette = JSON.parse(readFileSync(join(ROOT, "fixtures", path), "utf8")) as Cassette;
    // Cut after the first request: its answer (thinking, a tool call) is the last turn shown.
    cassette.interactions = cassette.interactions.slice(0, 1);
    const { page, errors } = await open(cassette);
    const kinds = await page.$$eval("#turns article.turn:last-of-type .part", (l) =>
      l.map((p) => p.getAttribute("data-kind")),
    );
    expect(kinds.join(",")).toBe(`thinking,${text}tool-call`);
    expect(await page.textContent("#turns article.turn:last-of-type")).toContain("assistant");
    expect(await page.textContent("#notes")).not.toMatch(/not read whole/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("takes a screenshot of a readable size", async () => {
    const history = await weatherHistory();
    history[0] = { role: "user", content: "Weather in Bergen?" };
    const { page } = await open(history, { title: "golem inspect: an edited history" });
    const png = await page.screenshot({ type: "png" });
    // A PNG of the page's first screen: its signature, and a size that holds a real render.
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.length).toBeGreaterThan(20_000);
    expect(png.length).toBeLessThan(150_000);
    await page.close();
  });

  it("renders a 2 MB, 200-turn history whole, its long parts collapsed", async () => {
    const history = bigHistory();
    const size = JSON.stringify(history).length;
    expect(size).toBeGreaterThan(2_000_000);
    const started = performance.now();
    const html = inspect(history);
    const built = performance.now() - started;
    const { page, requests, loadMs } = await openFile(browser, html);
    expect(await page.$$eval("article.turn", (l) => l.length)).toBe(200);
    expect(await page.$$eval("#index li", (l) => l.length)).toBe(200);
    const last = await page.$eval("#turn-199", (a) => a.textContent ?? "");
    expect(last).toContain("answer 199");
    // Every long part is collapsed: the open page stays readable.
    expect(await page.$$eval("details:not([open])", (l) => l.length)).toBeGreaterThanOrEqual(200);
    expect(requests).toEqual([]);
    // Logged, not asserted (timings vary with the machine's load): about 0.3 s on a 2-core box.
    console.log(
      `inspect: ${(size / 1e6).toFixed(1)} MB history, page ${(html.length / 1e6).toFixed(1)} MB: ` +
        `built in ${built.toFixed(0)} ms, loaded from disk in ${loadMs.toFixed(0)} ms`,
    );
    await page.close();
  }, 60_000);
});
