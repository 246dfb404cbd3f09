/**
 * The headless browser the inspector's page tests drive: the system's Chromium (Debian's
 * `chromium` package; CI installs it in .ci/run), through playwright-core, which downloads no
 * browser of its own. `GOLEM_CHROMIUM` names another executable. A missing browser fails the
 * tests: they are the inspector's only check that the page renders.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";

export const CHROMIUM = process.env.GOLEM_CHROMIUM ?? "/usr/bin/chromium";

/** A browser, and its close; its profile lives in a fresh temporary folder, removed on close. */
export async function launchBrowser(): Promise<{
  browser: BrowserContext;
  close(): Promise<void>;
}> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `no Chromium at ${CHROMIUM}: install it (apt-get install chromium) or set GOLEM_CHROMIUM`,
    );
  }
  const profile = mkdtempSync(join(tmpdir(), "golem-inspect-"));
  // A persistent context is how playwright takes a profile folder (`--user-data-dir`).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  return {
    browser,
    async close() {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `html` in a new page that may make no request at all: every request the page tries is
 * recorded (and aborted), so a test can say there were none.
 */
export async function openPage(
  browser: BrowserContext,
  html: string,
  viewport = { width: 1100, height: 800 },
): Promise<{ page: Page; requests: string[]; errors: string[] }> {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  const requests: string[] = [];
  const errors: string[] = [];
  await page.route("**/*", (route) => {
    requests.push(route.request().url());
    return route.abort();
  });
  page.on("pageerror", (err) => errors.push(err.message));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  await page.setContent(html, { waitUntil: "load" });
  return { page, requests, errors };
}

/**
 * Opens `html` as a user does, from a file on disk, and says how long the browser took to load
 * it (the navigation's `loadEventEnd`: parsed, laid out, its script run). Any request but the
 * file itself is recorded and aborted.
 */
export async function openFile(
  browser: BrowserContext,
  html: string,
): Promise<{ page: Page; requests: string[]; loadMs: number }> {
  const dir = mkdtempSync(join(tmpdir(), "golem-inspect-page-"));
  const file = join(dir, "page.html");
  writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const page = await browser.newPage();
  const requests: string[] = [];
  await page.route("**/*", (route) => {
    if (route.request().url() === url) return route.continue();
    requests.push(route.request().url());
    return route.abort();
  });
  await page.goto(url, { waitUntil: "load" });
  const loadMs = await page.evaluate(
    () =>
      (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventEnd,
  );
  rmSync(dir, { recursive: true, force: true });
  return { page, requests, loadMs };
}
