// `node bench/collab-profile-window.mjs <profile.cpuprofile> <fromUs> <toUs>`: where a process's
// CPU went within one window of a V8 CPU profile (node --cpu-prof), the window given on the
// profile's clock (the monotonic µs the relay bench prints for each window): the share of
// samples idle, in garbage collection and in the program, and the functions with the most
// self time. The relay bench's "under attack" phase prints the windows (COLLAB_ATTACK_PROFILE).
import { readFile } from "node:fs/promises";

const [file, fromText, toText] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/collab-profile-window.mjs <profile> [fromUs toUs]");
  process.exit(2);
}
const profile = JSON.parse(await readFile(file, "utf8"));
const from = fromText ? Number(fromText) : -Infinity;
const to = toText ? Number(toText) : Infinity;
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
let total = 0;
let time = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  time += profile.timeDeltas[i];
  if (time < from || time > to) continue;
  // The time to the next sample is this sample's (the last one gets none).
  const us = i + 1 < profile.timeDeltas.length ? profile.timeDeltas[i + 1] : 0;
  const { callFrame } = nodes.get(profile.samples[i]);
  const name = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").pop()}:${callFrame.lineNumber + 1}`;
  selfUs.set(name, (selfUs.get(name) ?? 0) + us);
  total += us;
}
const share = (us) => `${((100 * us) / Math.max(1, total)).toFixed(1)}%`;
console.log(`${(total / 1e6).toFixed(2)} s of samples in the window`);
const top = [...selfUs].sort((a, b) => b[1] - a[1]).slice(0, 25);
for (const [name, us] of top)
  console.log(`${share(us).padStart(6)} ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
