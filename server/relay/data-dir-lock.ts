/**
 * One relay process per data folder. Two processes writing the same room logs (the same
 * RELAY_DATA_DIR without Redis) would interleave records, hand out the same sequences and
 * corrupt each other's rooms, so the process that opens the disk store first holds
 * `relay.lock` in the folder, made with O_EXCL and holding its pid, its start time and the
 * machine's boot id; a second process refuses to start and names the holder.
 *
 * The lock goes when its holder closes the store. A holder that died without closing it
 * (SIGKILL, out of memory, power loss) leaves the file behind: the next start takes it over
 * when that pid runs no more, or runs but started at another time (a new process got the
 * number), or the machine booted since. Why not a lock library: the well-kept ones
 * (proper-lockfile) call a lock stale by an mtime they refresh on a timer, so a restarted
 * worker would wait out the staleness period, and a holder busy past it would lose its lock;
 * whether the holder's process still runs is the question that matters here.
 *
 * The pid check sees processes of this machine (one pid namespace): containers on one volume
 * each see only their own, so give each its own folder, or use REDIS_URL.
 */
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** The lock file's name inside the data folder. */
export const LOCK_FILE = "relay.lock";

/** What the lock file holds: who holds the folder. */
interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), "" when unknown. */
  start: string;
  /** The machine's boot id, "" when unknown. */
  boot: string;
  host: string;
  startedAt: string;
}

/** The data folder is held by another running process. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holderPid: number,
    startedAt = "",
  ) {
    super(
      `The relay's data folder ${dir} is in use by another relay process (pid ${holderPid}` +
        `${startedAt ? `, started ${startedAt}` : ""}). ` +
        `Two processes must not share one RELAY_DATA_DIR: give each its own folder, or set ` +
        `REDIS_URL to run several. This process does not start.`,
    );
    this.name = "DataDirLockedError";
  }
}

/** A held lock; release() removes it (only while it is still this process's). */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Takes the folder's lock (the folder must exist), or throws DataDirLockedError. */
export function lockDataDir(dir: string): DataDirLock {
  const file = path.join(dir, LOCK_FILE);
  const own = ownHolder();
  const text = JSON.stringify(own);
  // A few turns: another start may take or take over the lock between our steps.
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createExclusive(file, text)) {
      return {
        file,
        release() {
          if (readText(file) === text) unlinkSync(file);
        },
      };
    }
    const held = readText(file);
    if (held === null) continue; // released meanwhile
    const holder = parseHolder(held);
    if (holder && isRunning(holder, own)) {
      throw new DataDirLockedError(dir, holder.pid, holder.startedAt);
    }
    takeOverStale(file, held);
  }
  const holder = parseHolder(readText(file) ?? "");
  throw new DataDirLockedError(dir, holder?.pid ?? 0, holder?.startedAt);
}

/**
 * Removes a stale lock, and only that one: it is moved to a name of ours first (one of two
 * racing starts gets it), and put back when what moved is not the stale lock we read (another
 * start took the folder in between).
 */
function takeOverStale(file: string, staleText: string): void {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (isCode(error, "ENOENT")) return;
    throw error;
  }
  if (readText(aside) !== staleText) {
    try {
      linkSync(aside, file);
    } catch (error) {
      if (!isCode(error, "EEXIST")) throw error;
    }
  }
  unlinkSync(aside);
}

function createExclusive(file: string, text: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o644);
  } catch (error) {
    if (isCode(error, "EEXIST")) return false;
    throw error;
  }
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** True when the holder's process still runs (a process of this machine since its boot). */
function isRunning(holder: LockHolder, own: LockHolder): boolean {
  if (holder.boot && own.boot && holder.boot !== own.boot) return false;
  if (holder.pid === process.pid && holder.start === own.start) return true;
  const start = processStart(holder.pid);
  if (start === undefined) return pidExists(holder.pid); // no /proc: the pid alone
  if (start === null) return false;
  return !holder.start || holder.start === start;
}

function ownHolder(): LockHolder {
  return {
    pid: process.pid,
    start: processStart(process.pid) ?? "",
    boot: readText("/proc/sys/kernel/random/boot_id")?.trim() ?? "",
    host: hostname(),
    startedAt: new Date().toISOString(),
  };
}

/**
 * A process's start time (field 22 of /proc/<pid>/stat); null when no such process runs (or
 * only its zombie is left), undefined when this system has no /proc.
 */
function processStart(pid: number): string | null | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return readText("/proc/self/stat") === null ? undefined : null;
  // The command name (field 2) is in parentheses and may hold spaces: count after its end.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields[0] === "Z" || fields[0] === "X") return null;
  return fields[19] ?? "";
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isCode(error, "EPERM");
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(value.pid)) return null;
    return {
      pid: value.pid!,
      start: String(value.start ?? ""),
      boot: String(value.boot ?? ""),
      host: String(value.host ?? ""),
      startedAt: String(value.startedAt ?? ""),
    };
  } catch {
    return null; // torn (its writer died between creating and writing it): stale
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (isCode(error, "ENOENT") || isCode(error, "ESRCH")) return null;
    throw error;
  }
}

function isCode(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}
