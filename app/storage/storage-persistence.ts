/**
 * Asking the browser to keep Plainpad's storage (`navigator.storage.persist()`), so that it is
 * not cleared under storage pressure. Chromium decides silently (sites used often, bookmarked or
 * installed), Firefox asks the user with a prompt, Safari decides silently.
 *
 * When: after the first document with text is stored (the user has just written something worth
 * keeping, so a Firefox prompt makes sense), when the app is installed, and whenever the user
 * presses the button in Help › About. Never when a page loads. Automatic requests happen once
 * per browser (a refused prompt is not shown again and again); the user's button always asks.
 */

/** localStorage key of the last request's outcome. */
export const PERSISTENCE_RECORD_KEY = "plainpad-storage-persistence";

export type PersistenceReason = "first-document" | "installed" | "user";

/** What the last request asked and got, kept so an automatic request is made only once. */
export interface PersistenceRecord {
  reason: PersistenceReason;
  /** When it was asked (ms since the epoch). */
  askedAt: number;
  granted: boolean;
}

/** The parts of the browser this module uses, replaceable in tests. */
export interface PersistenceEnvironment {
  storage: Pick<StorageManager, "persist" | "persisted"> | undefined;
  local: Pick<Storage, "getItem" | "setItem"> | undefined;
  now: () => number;
}

function browserEnvironment(): PersistenceEnvironment {
  let local: Storage | undefined;
  try {
    local = typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    // Storage blocked by the user's settings: nothing is remembered.
    local = undefined;
  }
  return {
    storage: typeof navigator === "undefined" ? undefined : navigator.storage,
    local,
    now: Date.now,
  };
}

export function readPersistenceRecord(
  local: PersistenceEnvironment["local"] = browserEnvironment().local,
): PersistenceRecord | null {
  try {
    const raw = local?.getItem(PERSISTENCE_RECORD_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PersistenceRecord>;
    if (typeof value.askedAt !== "number" || typeof value.granted !== "boolean") return null;
    const reason = value.reason;
    if (reason !== "first-document" && reason !== "installed" && reason !== "user") return null;
    return { reason, askedAt: value.askedAt, granted: value.granted };
  } catch {
    return null;
  }
}

/** "granted" / "denied"; "unsupported" where the browser has no persist(). */
export type PersistenceOutcome = "granted" | "denied" | "unsupported";

/**
 * Ask now. Resolves when the browser answers; in Firefox that is when the user answers the
 * prompt, so callers never wait for it before doing anything else.
 */
export async function requestPersistence(
  reason: PersistenceReason,
  env: PersistenceEnvironment = browserEnvironment(),
): Promise<PersistenceOutcome> {
  const storage = env.storage;
  if (!storage?.persist) return "unsupported";
  let granted = false;
  try {
    granted = (await storage.persisted?.()) === true || (await storage.persist());
  } catch {
    // An opaque origin or storage switched off: the browser will not keep it.
    granted = false;
  }
  try {
    const record: PersistenceRecord = { reason, askedAt: env.now(), granted };
    env.local?.setItem(PERSISTENCE_RECORD_KEY, JSON.stringify(record));
  } catch {
    // A full or blocked localStorage: the next automatic moment asks again, which is harmless.
  }
  return granted ? "granted" : "denied";
}

/**
 * Whether an automatic request for `reason` is still due: none was made yet, or the app has
 * just been installed (Chromium grants installed apps) and the last answer was no.
 */
export function automaticRequestDue(
  reason: Exclude<PersistenceReason, "user">,
  record: PersistenceRecord | null,
): boolean {
  if (!record) return true;
  if (record.granted) return false;
  return reason === "installed" && record.reason !== "installed";
}

let askedThisPage = false;

/**
 * Called by the document sync client after each stored document with text: asks once per
 * browser, at the first one. Cheap after the first call of a page.
 */
export function askPersistenceAfterFirstStore(env?: PersistenceEnvironment): void {
  if (askedThisPage) return;
  askedThisPage = true;
  const environment = env ?? browserEnvironment();
  if (!environment.storage?.persist) return;
  if (!automaticRequestDue("first-document", readPersistenceRecord(environment.local))) return;
  void requestPersistence("first-document", environment);
}

/** Tests only: forget that this page asked. */
export function resetPersistenceAskForTests(): void {
  askedThisPage = false;
}

/**
 * Ask again when the app is installed (`appinstalled`), and once when it first runs installed
 * (the install may have happened from another page). Returns the remover.
 */
export function askPersistenceWhenInstalled(env?: PersistenceEnvironment): () => void {
  if (typeof window === "undefined") return () => {};
  const ask = () => {
    const environment = env ?? browserEnvironment();
    if (automaticRequestDue("installed", readPersistenceRecord(environment.local))) {
      void requestPersistence("installed", environment);
    }
  };
  if (window.matchMedia?.("(display-mode: standalone)").matches) ask();
  window.addEventListener("appinstalled", ask);
  return () => window.removeEventListener("appinstalled", ask);
}
