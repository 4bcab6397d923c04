// Developer tool: screenshots of pages of a served build, light and dark, desktop and phone.
// Usage: node scripts/screenshot.mjs <baseURL> <outDir> /path/ [/other/ ...]
import { mkdir } from "node:fs/promises";
import { launchBrowser } from "../bench/lib.mjs";

const [baseURL, outDir, ...paths] = process.argv.slice(2);
await mkdir(outDir, { recursive: true });
const browser = await launchBrowser();
for (const theme of ["light", "dark"]) {
  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 900 }],
    ["phone", { width: 390, height: 844 }],
  ]) {
    const context = await browser.newContext({ viewport, colorScheme: theme });
    const page = await context.newPage();
    for (const path of paths) {
      await page.goto(baseURL + path);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      const name = path.replace(/\//g, "_").replace(/^_|_$/g, "") || "home";
      await page.screenshot({ path: `${outDir}/${name}-${theme}-${device}.png`, fullPage: true });
    }
    await context.close();
  }
}
await browser.close();
