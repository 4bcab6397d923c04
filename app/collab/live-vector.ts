/**
 * A document's version, as clients compare it to notice a relay that lies (issue 49 §5): per Yjs
 * client, the clock it reached (what was inserted) and how much of its text is deleted, plus a
 * hash of the whole delete set. Both numbers only grow, so "a lacks something b has" is "some
 * number of b's is higher"; two versions with equal numbers but different hashes each lack a
 * deletion the other has. Sent sealed in a digest (live-ledger.ts), never in the clear.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";
import * as Y from "yjs";

/** One document's version. */
export interface Version {
  /** Yjs client id to [clock reached, length deleted]. */
  clients: Map<number, readonly [clock: number, deleted: number]>;
  /** SHA-256 (first 8 bytes, hex) of the delete set in a fixed order. */
  deleteHash: string;
}

/** Most clients a version may list when read from a peer. */
const MAX_CLIENTS = 20_000;

/** The version of a document now. */
export function versionOf(doc: Y.Doc): Version {
  const clients = new Map<number, readonly [number, number]>();
  for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(doc))) {
    clients.set(client, [clock, 0]);
  }
  const deletes = Y.createDeleteSetFromStructStore(doc.store);
  const e = encoding.createEncoder();
  for (const client of [...deletes.clients.keys()].sort((a, b) => a - b)) {
    let deleted = 0;
    encoding.writeVarUint(e, client);
    for (const item of deletes.clients.get(client) ?? []) {
      deleted += item.len;
      encoding.writeVarUint(e, item.clock);
      encoding.writeVarUint(e, item.len);
    }
    const clock = clients.get(client)?.[0] ?? 0;
    clients.set(client, [clock, deleted]);
  }
  const hash = sha256(encoding.toUint8Array(e)).subarray(0, 8);
  return { clients, deleteHash: [...hash].map((b) => b.toString(16).padStart(2, "0")).join("") };
}

/** True when `a` has something `b` lacks (an insertion or a deletion). */
export function hasMore(a: Version, b: Version): boolean {
  for (const [client, [clock, deleted]] of a.clients) {
    const other = b.clients.get(client) ?? [0, 0];
    if (clock > other[0] || deleted > other[1]) return true;
  }
  return false;
}

/** True when neither has more but their deletions differ: each lacks one of the other's. */
export function deletionsDiffer(a: Version, b: Version): boolean {
  return !hasMore(a, b) && !hasMore(b, a) && a.deleteHash !== b.deleteHash;
}

/** The Yjs state vector of a version (what a repair is built against). */
export function stateVectorOf(version: Version): Uint8Array {
  const e = encoding.createEncoder();
  const entries = [...version.clients].filter(([, [clock]]) => clock > 0);
  encoding.writeVarUint(e, entries.length);
  for (const [client, [clock]] of entries) {
    encoding.writeVarUint(e, client);
    encoding.writeVarUint(e, clock);
  }
  return encoding.toUint8Array(e);
}

/** True when `doc` holds every insertion the state vector names. */
export function holdsStateVector(doc: Y.Doc, stateVector: Uint8Array): boolean {
  const own = Y.decodeStateVector(Y.encodeStateVector(doc));
  for (const [client, clock] of Y.decodeStateVector(stateVector)) {
    if ((own.get(client) ?? 0) < clock) return false;
  }
  return true;
}

export function writeVersion(e: encoding.Encoder, version: Version): void {
  encoding.writeVarUint(e, version.clients.size);
  for (const [client, [clock, deleted]] of version.clients) {
    encoding.writeVarUint(e, client);
    encoding.writeVarUint(e, clock);
    encoding.writeVarUint(e, deleted);
  }
  encoding.writeVarString(e, version.deleteHash);
}

/** Reads a version; throws on anything malformed or oversized. */
export function readVersion(d: decoding.Decoder): Version {
  const count = decoding.readVarUint(d);
  if (count > MAX_CLIENTS) throw new Error("too many clients");
  const clients = new Map<number, readonly [number, number]>();
  for (let i = 0; i < count; i++) {
    clients.set(decoding.readVarUint(d), [decoding.readVarUint(d), decoding.readVarUint(d)]);
  }
  const deleteHash = decoding.readVarString(d);
  if (!/^[0-9a-f]{16}$/.test(deleteHash)) throw new Error("bad hash");
  return { clients, deleteHash };
}
