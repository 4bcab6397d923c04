import { afterEach, describe, expect, it, vi } from "vitest";
import {
  changesInScope,
  changesOfRecords,
  diffStamps,
  foldersToRelist,
  noChanges,
  type ObserverRecord,
  StampPoller,
  type WatchScope,
} from "./disk-changes";
import { type WatchEnvironment, watchFolder } from "./disk-watch";
import { MemoryFolder } from "./workspace-folder";

const bytes = (text: string) => new TextEncoder().encode(text);
const stamp = (size: number, lastModified: number) => ({ size, lastModified });

describe("diffStamps", () => {
  it("tells changed, added and removed paths apart", () => {
    const before = new Map([
      ["same.txt", stamp(1, 10)],
      ["bigger.txt", stamp(1, 10)],
      ["touched.txt", stamp(1, 10)],
      ["gone.txt", stamp(1, 10)],
      ["listed.txt", null],
    ]);
    const after = new Map([
      ["same.txt", stamp(1, 10)],
      ["bigger.txt", stamp(2, 10)],
      ["touched.txt", stamp(1, 11)],
      ["listed.txt", null],
      ["new.txt", null],
    ]);
    expect(diffStamps(before, after)).toEqual({
      changed: ["bigger.txt", "touched.txt"],
      added: ["new.txt"],
      removed: ["gone.txt"],
    });
  });

  it("an entry only listed on one side has no time to compare: not changed", () => {
    const changes = diffStamps(new Map([["a.txt", null]]), new Map([["a.txt", stamp(1, 1)]]));
    expect(noChanges(changes)).toBe(true);
  });

  it("names the folders to list again", () => {
    const changes = { changed: ["x/a.txt"], added: ["x/b.txt", "c.txt"], removed: ["x/d.txt"] };
    expect(foldersToRelist(changes).sort()).toEqual(["", "x"]);
  });
});

describe("StampPoller", () => {
  it("sees another program write an open file, add to and remove from a shown folder", async () => {
    const folder = new MemoryFolder("f", {
      "a.txt": bytes("a"),
      "docs/b.txt": bytes("b"),
      "hidden/c.txt": bytes("c"),
    });
    const poller = new StampPoller(folder, () => ({ files: ["a.txt"], folders: ["", "docs"] }));
    expect(noChanges(await poller.check())).toBe(true);
    folder.put("a.txt", bytes("changed"));
    await folder.createFile("docs/new.txt");
    await folder.remove("docs/b.txt");
    folder.put("hidden/c.txt", bytes("not watched"));
    expect(await poller.check()).toEqual({
      changed: ["a.txt"],
      added: ["docs/new.txt"],
      removed: ["docs/b.txt"],
    });
    expect(noChanges(await poller.check())).toBe(true);
  });

  it("a folder just expanded only starts to be watched; a tab just opened is named once", async () => {
    const folder = new MemoryFolder("f", { "a.txt": bytes("a"), "docs/b.txt": bytes("b") });
    let scope: WatchScope = { files: [], folders: [""] };
    const poller = new StampPoller(folder, () => scope);
    await poller.check();
    scope = { files: ["docs/b.txt"], folders: ["", "docs"] };
    // Written between the tab's reading and this check: the page compares with its record.
    expect(await poller.check()).toEqual({ changed: ["docs/b.txt"], added: [], removed: [] });
    expect(noChanges(await poller.check())).toBe(true);
    await folder.remove("docs/b.txt");
    expect(await poller.check()).toEqual({ changed: [], added: [], removed: ["docs/b.txt"] });
  });

  it("after the page's own change, rebase keeps it from being reported", async () => {
    const folder = new MemoryFolder("f", { "a.txt": bytes("a") });
    const poller = new StampPoller(folder, () => ({ files: ["a.txt"], folders: [""] }));
    await poller.check();
    await folder.write("a.txt", bytes("saved by the page"));
    await poller.rebase();
    expect(noChanges(await poller.check())).toBe(true);
  });
});

describe("FileSystemObserver's records", () => {
  const record = (type: ObserverRecord["type"], path: string, from?: string): ObserverRecord => ({
    type,
    relativePathComponents: path.split("/"),
    relativePathMovedFrom: from?.split("/") ?? null,
  });

  it("become changes, a move a removal and an addition", () => {
    expect(
      changesOfRecords([
        record("modified", "a.txt"),
        record("appeared", "docs/n.txt"),
        record("disappeared", "old.txt"),
        record("moved", "docs/m.txt", "m.txt"),
      ]),
    ).toEqual({
      changed: ["a.txt"],
      added: ["docs/n.txt", "docs/m.txt"],
      removed: ["old.txt", "m.txt"],
    });
  });

  it("one that lost track asks for a check instead", () => {
    expect(changesOfRecords([record("modified", "a.txt"), record("unknown", "")])).toBeNull();
  });

  it("only what the page shows concerns it, a removed folder holding an open file too", () => {
    const scope = { files: ["deep/open.txt"], folders: [""] };
    const changes = {
      changed: ["deep/open.txt", "deep/other.txt"],
      added: ["top.txt", "deep/x/y.txt"],
      removed: ["deep"],
    };
    expect(changesInScope(changes, scope)).toEqual({
      changed: ["deep/open.txt"],
      added: ["top.txt"],
      removed: ["deep"],
    });
  });
});

describe("watchFolder", () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (globalThis as { FileSystemObserver?: unknown }).FileSystemObserver;
  });

  /** A page whose focus and visibility the test decides. */
  function page() {
    const wakes = new Set<() => void>();
    const environment: WatchEnvironment & { hidden: boolean } = {
      hidden: false,
      onWake(wake) {
        wakes.add(wake);
        return () => wakes.delete(wake);
      },
      isHidden: () => environment.hidden,
    };
    return { environment, wake: () => wakes.forEach((wake) => wake()), wakes };
  }

  it("checks on focus and every few seconds while visible, not while hidden", async () => {
    vi.useFakeTimers();
    const folder = new MemoryFolder("f", { "a.txt": bytes("a") });
    const { environment, wake, wakes } = page();
    const seen: string[][] = [];
    const watch = watchFolder({
      folder,
      scope: () => ({ files: ["a.txt"], folders: [""] }),
      onChanges: (changes) => seen.push(changes.changed),
      environment,
      intervalMs: 1000,
    });
    await watch.checkNow();
    folder.put("a.txt", bytes("by another program"));
    wake();
    await vi.waitFor(() => expect(seen).toEqual([["a.txt"]]));

    environment.hidden = true;
    folder.put("a.txt", bytes("again"));
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen).toHaveLength(1);
    environment.hidden = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen).toEqual([["a.txt"], ["a.txt"]]);
    expect(watch.mode).toBe("poll");
    watch.stop();
    expect(wakes.size).toBe(0);
  });

  it("takes FileSystemObserver's records where the browser has it, and stops the timer", async () => {
    vi.useFakeTimers();
    let deliver: (records: ObserverRecord[]) => void = () => undefined;
    const observed: unknown[] = [];
    (globalThis as { FileSystemObserver?: unknown }).FileSystemObserver = class {
      constructor(callback: (records: ObserverRecord[]) => void) {
        deliver = callback;
      }
      async observe(handle: unknown) {
        observed.push(handle);
      }
      disconnect() {}
    };
    const folder = new MemoryFolder("f", { "a.txt": bytes("a") });
    const seen: unknown[] = [];
    const root = { kind: "directory" };
    const watch = watchFolder({
      folder,
      scope: () => ({ files: ["a.txt"], folders: [""] }),
      onChanges: (changes) => seen.push(changes),
      environment: page().environment,
      observe: root,
    });
    await vi.waitFor(() => expect(watch.mode).toBe("observer"));
    expect(observed).toEqual([root]);
    deliver([{ type: "modified", relativePathComponents: ["a.txt"] }]);
    expect(seen).toEqual([{ changed: ["a.txt"], added: [], removed: [] }]);
    expect(vi.getTimerCount()).toBe(0);
    watch.stop();
  });
});
