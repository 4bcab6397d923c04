// temporary probe (not committed)
import { launchBrowser, startServer, openBenchPage, generateDocument } from "./lib.mjs";
import { writeFileSync } from "node:fs";
const server = await startServer(4209);
const browser = await launchBrowser();
const baseURL = server.baseURL;
const bytes = 1024 * 1024;
const PHASE_MS = 60000;
try {
  const a = await openBenchPage(browser, `${baseURL}/editor/?bench`);
  await a.page.evaluate(async ([source, size]) => {
    const text = new Function(`return (${source})(${size})`)().slice(0, size);
    await window.__plainpadBench.open(text);
  }, [generateDocument.toString(), bytes]);
  const length = await a.page.evaluate(() => window.__plainpadBench.length());
  await a.page.getByRole("button", { name: "Live", exact: true }).click();
  await a.page.getByRole("button", { name: "Start live session" }).click();
  const field = a.page.getByLabel("Edit link", { exact: true });
  await field.waitFor({ timeout: PHASE_MS });
  const link = await field.inputValue();
  await a.page.waitForTimeout(4000);
  await a.context.close();
  const url = new URL(link); url.search = process.env.NOBENCH ? "" : "?bench";
  const runs = Number(process.env.RUNS ?? 2);
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on("dialog", (d) => void d.accept());
    await page.addInitScript((n) => {
      const t = () => Math.round(performance.now());
      window.__log = [];
      const log = (what) => window.__log.push([t(), what]);
      const WS = window.WebSocket;
      window.WebSocket = class extends WS {
        constructor(...args) {
          super(...args);
          log("ws new");
          this.addEventListener("open", () => log("ws open"));
          let count = 0, total = 0;
          this.addEventListener("message", (e) => {
            count++; total += e.data.byteLength ?? e.data.size ?? 0;
            if (count === 1) log("ws first message");
            window.__wsLast = [t(), count, total];
          });
        }
      };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          if (e.entryType === "resource" && /\.js$/.test(e.name)) window.__log.push([Math.round(e.startTime), `start ${e.name.split("/").pop()} (${Math.round(e.duration)} ms, ${e.transferSize})`]);
          else if (e.entryType === "mark" || e.entryType === "measure") window.__log.push([Math.round(e.startTime), `${e.entryType} ${e.name} ${Math.round(e.duration)}`]);
          else if (e.entryType === "longtask") window.__log.push([Math.round(e.startTime), `longtask ${Math.round(e.duration)}`]);
          else if (e.entryType === "paint") window.__log.push([Math.round(e.startTime), e.name]);
        }
      }).observe({ entryTypes: ["resource", "mark", "measure", "longtask", "paint"] });
      const check = () => {
        if (window.__plainpadBench?.length() === n) { window.__joinedMs = performance.now(); log("joined"); }
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
      document.addEventListener("DOMContentLoaded", () => log("DOMContentLoaded"));
      window.addEventListener("load", () => log("load"));
    }, length);
    const cdp = await context.newCDPSession(page);
    if (process.env.PROFILE) { await cdp.send("Profiler.enable"); await cdp.send("Profiler.setSamplingInterval", { interval: 200 }); await cdp.send("Profiler.start"); }
    await page.goto(url.href);
    await page.waitForFunction(() => window.__joinedMs !== undefined, null, { timeout: PHASE_MS });
    if (process.env.PROFILE) { const { profile } = await cdp.send("Profiler.stop"); writeFileSync(`/tmp/probe/profile-${r}.cpuprofile`, JSON.stringify(profile)); }
    const out = await page.evaluate(() => ({ ms: window.__joinedMs, log: window.__log, last: window.__wsLast }));
    console.log(`run ${r}: joined ${out.ms.toFixed(0)} ms; ws last message ${JSON.stringify(out.last)}`);
    for (const [time, what] of out.log.sort((x, y) => x[0] - y[0])) console.log(`  ${String(time).padStart(6)} ${what}`);
    await context.close();
  }
} finally { await browser.close(); server.stop(); }
