// `npm run bench collab` (issue 44): live collaboration, one run, one table with each figure
// beside its target. The browser half (collab-browser.mjs) runs two Chromium contexts against
// the bundled server with its relay (site + relay on one port, rooms in a temp folder); the
// relay load half (collab-load.mjs) runs simulated clients in Node: one relay, Hocuspocus under
// the same load, and two relays over a real redis-server. Everything listens on 127.0.0.1 and
// each phase is bounded in count and time.
import { percentile, printTable } from "./lib.mjs";
import { measureLateJoin, measureLiveTyping, measureRemoteKeystrokes } from "./collab-browser.mjs";
import { startRelaySite } from "./collab-browser.mjs";

// The client's batching of keystrokes (app/collab/live-outbox.ts BATCH_MS), named in the table.
const BATCH_MS = 60;

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
const SKIP_BROWSER = process.env.BENCH_COLLAB_BROWSER === "off";

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");
const verdict = (ok) => (ok ? "yes" : "NO");

async function browserRows(browser) {
  const site = await startRelaySite(PORT);
  const rows = [];
  try {
    const remote = await measureRemoteKeystrokes(browser, site.baseURL, { count: KEYSTROKES });
    const paintP95 = percentile(remote.painted, 95);
    const p50p95 = (values) => `${fmt(percentile(values, 50))} / ${fmt(percentile(values, 95))}`;
    rows.push({
      measure: `keystroke in A to paint in B through the local relay, p50 / p95 ms (${remote.count} keys, one per ${remote.gapMs} ms; the frame after B's editor DOM shows the key)`,
      result: p50p95(remote.painted),
      target: "p95 <= 50",
      met: verdict(paintP95 <= 50),
    });
    rows.push({
      measure: "  keystroke in A to the key in B's editor DOM, p50 / p95 ms",
      result: p50p95(remote.shown),
      target: "",
      met: "",
    });
    rows.push({
      measure: `  of which: keydown to A's UPDATE frame sent (the client's batching, BATCH_MS ${BATCH_MS})`,
      result: p50p95(remote.keyToSend),
      target: "",
      met: "",
    });
    rows.push({
      measure: "  of which: A's UPDATE frame sent to the key in B's DOM (relay, decrypt, apply)",
      result: p50p95(remote.sendToShown),
      target: "",
      met: "",
    });

    const typing = await measureLiveTyping(browser, site.baseURL, {
      bytes: MB,
      keystrokes: 50,
      rounds: ROUNDS,
    });
    const byRound = (figure) => figure.rounds.map(fmt).join(" / ");
    const plainP95 = typing.plain.paintP95.median;
    const typingRow = (label, result, compare) => {
      const ratio = result.paintP95.median / plainP95;
      return {
        measure: `typing in a 1 MB document, ${label}: key->paint p95 ms, main thread/key p95 ms (median of ${ROUNDS} rounds; p95 by round ${byRound(result.paintP95)})${compare ? "; ratio to not live" : ""}`,
        result: `${fmt(result.paintP95.median)}, ${fmt(result.mainP95.median)}${compare ? `; ${ratio.toFixed(2)}` : ""}`,
        target: compare ? "ratio <= 1.2" : "",
        met: compare ? verdict(ratio <= 1.2) : "",
      };
    };
    rows.push(typingRow("not live", typing.plain, false));
    rows.push(typingRow("live, alone in the session", typing.alone, true));
    rows.push(
      typingRow("live, one other person in (second context, same cores)", typing.joined, true),
    );

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
  printTable(
    `Live collaboration (${started.toISOString().slice(0, 16)}Z; two Chromium contexts and simulated clients, all on 127.0.0.1)`,
    rows,
  );
}
