// The data folder's lock when its file is left behind by someone else: a pid that now belongs
// to another process (another start time), another boot, or a file torn mid-write is stale and
// taken over; a live holder is refused; release() removes only this process's own lock.
// (Real processes holding, refusing and dying: relay-data-dir-lock.test.ts.)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DataDirLockedError, LOCK_FILE, lockDataDir } from "./data-dir-lock";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "plainpad-lock-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const lockFile = () => path.join(dir, LOCK_FILE);
const holderPid = () => (JSON.parse(readFileSync(lockFile(), "utf8")) as { pid: number }).pid;
const ownBoot = () => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
/** A running process's start time as /proc gives it. */
const startOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]!;
};

describe("lockDataDir", () => {
  it("refuses a folder a running process holds, naming it and that pid", () => {
    // The parent process (vitest's) runs: as if it were another relay on the folder.
    const holder = { pid: process.ppid, start: startOf(process.ppid), boot: ownBoot() };
    writeFileSync(lockFile(), JSON.stringify(holder));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(new RegExp(`${dir}.*pid ${process.ppid}`));
    expect(holderPid()).toBe(process.ppid);
  });

  it("refuses a second lock in the same process", () => {
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(lockFile())).toBe(false);
  });

  it("takes over a lock whose pid now belongs to a process started at another time", () => {
    const reused = { pid: process.ppid, start: "1", boot: ownBoot() };
    writeFileSync(lockFile(), JSON.stringify(reused));
    const lock = lockDataDir(dir);
    expect(holderPid()).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock from before the machine's last boot", () => {
    const before = { pid: process.ppid, start: startOf(process.ppid), boot: "another-boot" };
    writeFileSync(lockFile(), JSON.stringify(before));
    lockDataDir(dir).release();
  });

  it("takes over a lock file torn by a start that died writing it", () => {
    writeFileSync(lockFile(), '{"pid":');
    const lock = lockDataDir(dir);
    expect(holderPid()).toBe(process.pid);
    lock.release();
  });

  it("release() leaves a lock that another process took over in the meantime", () => {
    const lock = lockDataDir(dir);
    const other = { pid: process.ppid, start: startOf(process.ppid), boot: ownBoot() };
    writeFileSync(lockFile(), JSON.stringify(other));
    lock.release();
    expect(holderPid()).toBe(process.ppid);
  });
});
