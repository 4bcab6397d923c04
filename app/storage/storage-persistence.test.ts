import { afterEach, describe, expect, it, vi } from "vitest";
import {
  askPersistenceAfterFirstStore,
  automaticRequestDue,
  PERSISTENCE_RECORD_KEY,
  type PersistenceEnvironment,
  readPersistenceRecord,
  requestPersistence,
  resetPersistenceAskForTests,
} from "./storage-persistence";
import { memoryStorage } from "./memory-storage-test-support";

function environment(answer: boolean, persisted = false, local = memoryStorage()) {
  const persist = vi.fn(async () => answer);
  const env: PersistenceEnvironment = {
    storage: { persist, persisted: async () => persisted },
    local,
    now: () => 1_700_000_000_000,
  };
  return { env, persist, local };
}

describe("asking the browser to keep storage", () => {
  afterEach(() => resetPersistenceAskForTests());

  it("asks, answers granted or denied, and remembers the answer", async () => {
    const yes = environment(true);
    expect(await requestPersistence("user", yes.env)).toBe("granted");
    expect(readPersistenceRecord(yes.local)).toEqual({
      reason: "user",
      askedAt: 1_700_000_000_000,
      granted: true,
    });
    const no = environment(false);
    expect(await requestPersistence("first-document", no.env)).toBe("denied");
    expect(readPersistenceRecord(no.local)?.granted).toBe(false);
  });

  it("does not ask again when the storage is already kept", async () => {
    const kept = environment(false, true);
    expect(await requestPersistence("user", kept.env)).toBe("granted");
    expect(kept.persist).not.toHaveBeenCalled();
  });

  it("says unsupported where the browser has no persist(), and survives a throwing one", async () => {
    const env: PersistenceEnvironment = {
      storage: undefined,
      local: memoryStorage(),
      now: Date.now,
    };
    expect(await requestPersistence("user", env)).toBe("unsupported");
    const throwing: PersistenceEnvironment = {
      storage: {
        persist: () => Promise.reject(new TypeError("opaque origin")),
        persisted: async () => false,
      },
      local: memoryStorage(),
      now: Date.now,
    };
    expect(await requestPersistence("user", throwing)).toBe("denied");
  });

  it("asks automatically once: at the first stored document, and again when installed", () => {
    expect(automaticRequestDue("first-document", null)).toBe(true);
    const refused = { reason: "first-document" as const, askedAt: 1, granted: false };
    expect(automaticRequestDue("first-document", refused)).toBe(false);
    expect(automaticRequestDue("installed", refused)).toBe(true);
    expect(automaticRequestDue("installed", { ...refused, reason: "installed" })).toBe(false);
    expect(automaticRequestDue("installed", { ...refused, granted: true })).toBe(false);
  });

  it("the first stored document asks once per page and not at all after an earlier answer", async () => {
    const first = environment(true);
    askPersistenceAfterFirstStore(first.env);
    askPersistenceAfterFirstStore(first.env);
    await vi.waitFor(() => expect(readPersistenceRecord(first.local)?.granted).toBe(true));
    expect(first.persist).toHaveBeenCalledTimes(1);

    resetPersistenceAskForTests();
    const answered = environment(
      true,
      false,
      memoryStorage({
        [PERSISTENCE_RECORD_KEY]: JSON.stringify({
          reason: "first-document",
          askedAt: 5,
          granted: false,
        }),
      }),
    );
    askPersistenceAfterFirstStore(answered.env);
    await Promise.resolve();
    expect(answered.persist).not.toHaveBeenCalled();
  });

  it("ignores an unreadable record", () => {
    expect(readPersistenceRecord(memoryStorage({ [PERSISTENCE_RECORD_KEY]: "{not json" }))).toBe(
      null,
    );
    expect(
      readPersistenceRecord(
        memoryStorage({ [PERSISTENCE_RECORD_KEY]: JSON.stringify({ reason: "x", askedAt: 1 }) }),
      ),
    ).toBe(null);
  });
});
