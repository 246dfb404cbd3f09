/**
 * Takes docs/images/inspect.png, the docs' screenshot of the inspector: the page of a signed
 * history whose first user message was edited after the fact, in the system's Chromium.
 *
 *   npx tsx test/inspect/screenshot.ts
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "../../src/inspect/index.js";
import { ROOT } from "../runtimes/built.js";
import { launchBrowser, openPage } from "./browser.js";
import { weatherHistory } from "./histories.js";

const history = await weatherHistory();
history[0] = { role: "user", content: "Weather in Bergen?" };
const { browser, close } = await launchBrowser();
const { page } = await openPage(browser, inspect(history, { title: "an edited conversation" }), {
  width: 1000,
  height: 640,
});
const png = await page.screenshot({ type: "png" });
writeFileSync(join(ROOT, "docs/images/inspect.png"), png);
console.log(`docs/images/inspect.png: ${(png.length / 1024).toFixed(0)} KB`);
await close();
