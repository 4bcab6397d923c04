// `npm run bench collab` (issue 44): live collaboration, one run, one table with each figure
// beside its target. The browser half (collab-browser.mjs) runs two Chromium contexts against
// the bundled server with its relay (site + relay on one port, rooms in a temp folder); the
// relay load half (collab-load.mjs) runs simulated clients in Node: one relay, Hocuspocus under
// the same load, and two relays over a real redis-server. Everything listens on 127.0.0.1 and
// each phase is bounded in count and time.
import { percentile, printTable } from "./lib.mjs";
import { measureLateJoin, measureLiveTyping, measureRemoteKeystrokes } from "./collab-browser.mjs";
import { startRelaySite } from "./collab-browser.mjs";
import { runRelayLoad } from "./collab-load.mjs";

const MB = 1024 * 1024;
// Ports of the relays this bench starts (the site's own server is run.mjs's).
const PORT = Number(process.env.BENCH_COLLAB_PORT ?? 4371);
const KEYSTROKES = Number(process.env.BENCH_COLLAB_KEYSTROKES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// The largest live document is 10 MiB of text (LIVE_LIMITS.maxDocumentBytes): a little under.
const LATE_JOIN = [
  { bytes: MB, label: "1 MB", targetMs: 1500 },
  { bytes: 10 * MB - 4096, label: "10 MB", targetMs: 5000 },
];
const SKIP_LOAD = process.env.BENCH_COLLAB_LOAD === "off";
const SKIP_BROWSER = process.env.BENCH_COLLAB_BROWSER === "off";

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");
const verdict = (ok) => (ok ? "yes" : "NO");

async function browserRows(browser) {
  const site = await startRelaySite(PORT);
  const rows = [];
  try {
    const remote = await measureRemoteKeystrokes(browser, site.baseURL, { count: KEYSTROKES });
    const paintP95 = percentile(remote.painted, 95);
    rows.push({
      measure: `keystroke in A to the character in B's editor DOM, p50 / p95 ms (${remote.count} keys, one per ${remote.gapMs} ms)`,
      result: `${fmt(percentile(remote.shown, 50))} / ${fmt(percentile(remote.shown, 95))}`,
      target: "",
      met: "",
    });
    rows.push({
      measure: "keystroke in A to paint in B, p50 / p95 ms (the frame after B's DOM shows it)",
      result: `${fmt(percentile(remote.painted, 50))} / ${fmt(paintP95)}`,
      target: "p95 <= 50",
      met: verdict(paintP95 <= 50),
    });

    const typing = await measureLiveTyping(browser, site.baseURL, {
      bytes: MB,
      keystrokes: 50,
      rounds: ROUNDS,
    });
    const ratio = typing.live.paintP95.median / typing.plain.paintP95.median;
    const byRound = (figure) => figure.rounds.map(fmt).join(" / ");
    rows.push({
      measure: `typing in a 1 MB document, not live: key->paint p95 ms (median of ${ROUNDS} rounds: ${byRound(typing.plain.paintP95)})`,
      result: fmt(typing.plain.paintP95.median),
      target: "",
      met: "",
    });
    rows.push({
      measure: `typing in the same document live, one other person in: key->paint p95 ms (${byRound(typing.live.paintP95)})`,
      result: fmt(typing.live.paintP95.median),
      target: "",
      met: "",
    });
    rows.push({
      measure: "live / not live, key->paint p95",
      result: ratio.toFixed(2),
      target: "<= 1.2",
      met: verdict(ratio <= 1.2),
    });
    rows.push({
      measure: "main thread per keystroke p95 ms, not live / live",
      result: `${fmt(typing.plain.mainP95.median)} / ${fmt(typing.live.mainP95.median)}`,
      target: "",
      met: "",
    });

    for (const { bytes, label, targetMs } of LATE_JOIN) {
      const join = await measureLateJoin(browser, site.baseURL, bytes);
      rows.push({
        measure: `late join of a ${label} document after everyone left (${join.bytes} chars): opening the Edit link to the whole text shown, ms`,
        result: fmt(join.ms),
        target: `<= ${targetMs}`,
        met: verdict(join.ms <= targetMs),
      });
    }
  } finally {
    await site.stop();
  }
  return rows;
}

/** Runs the live-collaboration benchmark and prints its table. */
export default async function collabBench({ browser }) {
  const started = new Date();
  const rows = [];
  if (!SKIP_BROWSER) rows.push(...(await browserRows(browser)));
  if (!SKIP_LOAD) rows.push(...(await runRelayLoad()));
  printTable(
    `Live collaboration (${started.toISOString().slice(0, 16)}Z; two Chromium contexts and simulated clients, all on 127.0.0.1)`,
    rows,
  );
}
