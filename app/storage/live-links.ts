import { STORAGE_KEYS } from "./keys";
import { LIVE_ROOM_KEEP_MS } from "./live-rooms";

/**
 * The live session a document is in (issue 44), remembered with the document so a reload
 * rejoins it: the link's fragment (the secret part, which never leaves this browser), the room
 * it names, and whether this browser started the session (it may then end it for everyone).
 * Kept in localStorage under one key, by document key ("editor", or "notepad:<tab id>").
 * A blocked or unreadable storage remembers nothing: the session still works until a reload.
 * A link is a secret: one not used (rejoined or started) for as long as the relay keeps an idle
 * room is dropped when read, so no key outlives the room it opens (issue 49).
 */
export interface RememberedLive {
  fragment: string;
  roomId: string;
  startedHere: boolean;
}

/** A remembered link as stored: with the time it was last used (absent in older records). */
interface KeptLiveLink extends RememberedLive {
  keptAt?: number;
}

type LiveLinkMap = Record<string, KeptLiveLink>;

function isRemembered(value: unknown): value is KeptLiveLink {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.fragment === "string" &&
    typeof record.roomId === "string" &&
    typeof record.startedHere === "boolean" &&
    (record.keptAt === undefined || typeof record.keptAt === "number")
  );
}

function readAll(now = Date.now()): LiveLinkMap {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.liveLinks);
    if (!raw) return {};
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null) return {};
    const links: LiveLinkMap = {};
    let expired = false;
    for (const [key, value] of Object.entries(parsed)) {
      if (!isRemembered(value)) continue;
      // Records from before expiry existed count from now, so they too expire in time.
      const keptAt = value.keptAt ?? now;
      if (now - keptAt > LIVE_ROOM_KEEP_MS) expired = true;
      else links[key] = { ...value, keptAt };
    }
    if (expired) writeAll(links);
    return links;
  } catch {
    return {};
  }
}

function withoutKeptAt({ fragment, roomId, startedHere }: KeptLiveLink): RememberedLive {
  return { fragment, roomId, startedHere };
}

function writeAll(links: LiveLinkMap): void {
  try {
    if (Object.keys(links).length === 0) localStorage.removeItem(STORAGE_KEYS.liveLinks);
    else localStorage.setItem(STORAGE_KEYS.liveLinks, JSON.stringify(links));
  } catch {
    // Blocked storage: remembered for this page only (the session itself goes on).
  }
}

/** The live session of document `docKey`, or null. */
export function readLiveLink(docKey: string): RememberedLive | null {
  const link = readAll()[docKey];
  return link ? withoutKeptAt(link) : null;
}

/** Every remembered session whose document key starts with `prefix`. */
export function readLiveLinks(prefix: string): [string, RememberedLive][] {
  return Object.entries(readAll())
    .filter(([key]) => key.startsWith(prefix))
    .map(([key, link]) => [key, withoutKeptAt(link)]);
}

/** Remembers that document `docKey` is in a live session (now: its expiry starts again). */
export function rememberLiveLink(docKey: string, live: RememberedLive, now = Date.now()): void {
  writeAll({ ...readAll(now), [docKey]: { ...withoutKeptAt(live), keptAt: now } });
}

/** Forgets the live session of document `docKey` (the person left it, or the tab closed). */
export function forgetLiveLink(docKey: string): void {
  const links = readAll();
  if (!(docKey in links)) return;
  delete links[docKey];
  writeAll(links);
}

/** The name last given for live sessions ("" when none). */
export function readLiveName(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.liveName) ?? "";
  } catch {
    return "";
  }
}

/** Remembers the name given for live sessions. */
export function writeLiveName(name: string): void {
  try {
    if (name) localStorage.setItem(STORAGE_KEYS.liveName, name);
    else localStorage.removeItem(STORAGE_KEYS.liveName);
  } catch {
    // Blocked storage: the name applies now only.
  }
}
