// `npm run bench collab` (issue 44), the browser half: live collaboration in the simple editor
// as people use it (collab-browser.mjs), one run, one table with each figure beside its target:
// keystroke in one browser to paint in the other through the bench server's relay, typing in a
// live 1 MB document beside the same document not live, and late join of 1 MB and 10 MB after
// everyone left. The relay's load half (1,000 simulated clients, Hocuspocus beside it, two
// relays over Redis) is collab-relay.bench.mjs, which `npm run bench collab` runs too.
import { percentile, printTable } from "./lib.mjs";
import { measureLateJoin, measureLiveTyping, measureRemoteKeystrokes } from "./collab-browser.mjs";

// The client's batching of keystrokes (app/collab/live-outbox.ts BATCH_MS), named in the table.
const BATCH_MS = 60;
const MB = 1024 * 1024;
const KEYSTROKES = Number(process.env.BENCH_COLLAB_KEYSTROKES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// The largest live document is 10 MiB of text (LIVE_LIMITS.maxDocumentBytes): a little under.
const LATE_JOIN = [
  { bytes: MB, label: "1 MB", targetMs: 1500 },
  { bytes: 10 * MB - 4096, label: "10 MB", targetMs: 5000 },
];

const fmt = (value) => (Number.isFinite(value) ? value.toFixed(1) : "n/a");
const verdict = (ok) => (ok ? "yes" : "NO");

/** Runs the browser half of the live-collaboration benchmark and prints its table. */
export default async function collabBench({ browser, baseURL }) {
  const started = new Date();
  const rows = [];
  const remote = await measureRemoteKeystrokes(browser, baseURL, { count: KEYSTROKES });
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

  const typing = await measureLiveTyping(browser, baseURL, {
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
    const join = await measureLateJoin(browser, baseURL, bytes);
    rows.push({
      measure: `late join of a ${label} document after everyone left (${join.bytes} chars), as a new visitor (a newly launched Chromium, nothing cached): opening the Edit link to the whole text shown, ms`,
      result: fmt(join.ms),
      target: `<= ${targetMs}`,
      met: verdict(join.ms <= targetMs),
    });
    const { codeRequested, codeLoaded, socket, open, firstMessage, lastMessage, joined } =
      join.marks;
    const span = (from, to) => fmt(to - from);
    rows.push({
      measure:
        "  of which ms: page start to the live code asked for / its download / to the relay's socket made / socket open / to the first message / first to last message (the replay) / last message to the text shown (open, apply, editor)",
      result: [
        fmt(codeRequested),
        span(codeRequested, codeLoaded),
        span(codeLoaded, socket),
        span(socket, open),
        span(open, firstMessage),
        span(firstMessage, lastMessage),
        span(lastMessage, joined),
      ].join(" / "),
      target: "",
      met: "",
    });
  }

  printTable(
    `Live collaboration in the browser (${started.toISOString().slice(0, 16)}Z; two Chromium contexts, the bench server's relay on 127.0.0.1)`,
    rows,
  );
}
