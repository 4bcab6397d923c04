import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { splitUpdate } from "./live-split";

/** The text a list of updates makes, applied in order to a doc holding `base`. */
function textAfter(base: Uint8Array | null, updates: Uint8Array[]): string {
  const doc = new Y.Doc();
  if (base) Y.applyUpdate(doc, base);
  for (const update of updates) Y.applyUpdate(doc, update);
  expect(doc.store.pendingStructs).toBeNull(); // nothing waits for a missing piece
  expect(doc.store.pendingDs).toBeNull();
  return doc.getText("text").toString();
}

describe("splitUpdate", () => {
  it("cuts long inserts of several writers, with their deletions, into pieces under the cap", () => {
    const ada = new Y.Doc();
    const bo = new Y.Doc();
    ada.getText("text").insert(0, "base text ");
    Y.applyUpdate(bo, Y.encodeStateAsUpdate(ada));
    const base = Y.encodeStateAsUpdate(ada);
    const updates: Uint8Array[] = [];
    ada.on("update", (update: Uint8Array) => updates.push(update));
    bo.on("update", (update: Uint8Array) => updates.push(update));
    ada.getText("text").insert(10, "ä😀z".repeat(400)); // pairs must not be cut apart
    bo.getText("text").insert(0, "B".repeat(3000));
    ada.getText("text").delete(0, 5);
    const merged = Y.mergeUpdates(updates);
    const expected = textAfter(base, [merged]);

    const pieces = splitUpdate(merged, 1000);
    expect(pieces).not.toBeNull();
    expect(pieces!.length).toBeGreaterThan(4);
    for (const piece of pieces!) expect(piece.length).toBeLessThanOrEqual(1000);
    expect(textAfter(base, pieces!)).toBe(expected);
    expect(expected).toContain("ä😀z".repeat(400));
  });

  it("keeps an update that fits as one piece", () => {
    const doc = new Y.Doc();
    doc.getText("text").insert(0, "small");
    const update = Y.encodeStateAsUpdate(doc);
    const pieces = splitUpdate(update, 10_000);
    expect(pieces).toHaveLength(1);
    expect(textAfter(null, pieces!)).toBe("small");
  });
});
