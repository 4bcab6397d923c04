// temporary (not committed): the bench's own late-join measure, N times
import { launchBrowser, startServer } from "./lib.mjs";
import { measureLateJoin } from "./collab-browser.mjs";
const server = await startServer(4209);
const browser = await launchBrowser();
try {
  for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
    const j = await measureLateJoin(browser, server.baseURL, 1024 * 1024);
    const m = j.marks; const f = (x) => x?.toFixed(0);
    console.log(`late join ${f(j.ms)} ms: code asked ${f(m.codeRequested)}, loaded ${f(m.codeLoaded)}, socket ${f(m.socket)}, open ${f(m.open)}, first ${f(m.firstMessage)}, last ${f(m.lastMessage)}, joined ${f(m.joined)}`);
  }
} finally { await browser.close(); server.stop(); }
