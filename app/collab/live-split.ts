/**
 * Cuts one Yjs update that is too large for a relay message into several smaller updates that,
 * applied in order, give the same document (issue 49 §7). A long inserted text is one Yjs item;
 * it is cut into items of consecutive clocks, each pointing at the one before as its origin,
 * exactly as Yjs itself splits an item. Skipping the update instead would not do: Yjs applies a
 * writer's changes only in clock order, so every later change of this writer would wait for it.
 */
import * as encoding from "lib0/encoding";
import * as Y from "yjs";

type Struct = Y.Item | Y.GC | Y.Skip;

/** Rough encoded size of a struct (UTF-8 needs at most 3 bytes per UTF-16 unit). */
function sizeOf(struct: Struct): number {
  if (struct instanceof Y.Item && struct.content instanceof Y.ContentString) {
    return struct.content.str.length * 3 + 32;
  }
  return 64;
}

/** A string item cut into items of at most `units` UTF-16 units (never inside a pair). */
function cut(item: Y.Item, content: Y.ContentString, units: number): Y.Item[] {
  const { client, clock } = item.id;
  const parts: Y.Item[] = [];
  for (let offset = 0; offset < content.str.length;) {
    let end = Math.min(content.str.length, offset + units);
    const last = content.str.charCodeAt(end - 1);
    if (end < content.str.length && last >= 0xd800 && last <= 0xdbff) end--;
    parts.push(
      new Y.Item(
        Y.createID(client, clock + offset),
        null,
        offset === 0 ? item.origin : Y.createID(client, clock + offset - 1),
        null,
        item.rightOrigin,
        item.parent,
        item.parentSub,
        new Y.ContentString(content.str.slice(offset, end)),
      ),
    );
    offset = end;
  }
  return parts;
}

type DeleteSet = ReturnType<typeof Y.decodeUpdate>["ds"];

function encode(structs: Struct[], deletes: DeleteSet | null): Uint8Array {
  const encoder = new Y.UpdateEncoderV1();
  const byClient = new Map<number, Struct[]>();
  for (const struct of structs) {
    const list = byClient.get(struct.id.client) ?? [];
    list.push(struct);
    byClient.set(struct.id.client, list);
  }
  encoding.writeVarUint(encoder.restEncoder, byClient.size);
  for (const [client, list] of byClient) {
    encoding.writeVarUint(encoder.restEncoder, list.length);
    encoder.writeClient(client);
    encoding.writeVarUint(encoder.restEncoder, list[0].id.clock);
    for (const struct of list) struct.write(encoder, 0);
  }
  const clients = deletes ? [...deletes.clients].sort((a, b) => b[0] - a[0]) : [];
  encoding.writeVarUint(encoder.restEncoder, clients.length);
  for (const [client, items] of clients) {
    encoder.resetDsCurVal();
    encoding.writeVarUint(encoder.restEncoder, client);
    encoding.writeVarUint(encoder.restEncoder, items.length);
    for (const item of items) {
      encoder.writeDsClock(item.clock);
      encoder.writeDsLen(item.len);
    }
  }
  return encoder.toUint8Array();
}

/**
 * Updates of at most about `maxBytes` each that together make `update`, or null when it cannot
 * be cut (one piece that is not text is itself too large).
 */
export function splitUpdate(update: Uint8Array, maxBytes: number): Uint8Array[] | null {
  const { structs, ds } = Y.decodeUpdate(update);
  const units = Math.max(1, Math.floor((maxBytes - 64) / 3));
  const pieces: Struct[][] = [[]];
  let size = 0;
  for (const struct of structs as Struct[]) {
    const parts =
      struct instanceof Y.Item && struct.content instanceof Y.ContentString
        ? cut(struct, struct.content, units)
        : [struct];
    for (const part of parts) {
      const bytes = sizeOf(part);
      if (bytes > maxBytes) return null;
      if (size + bytes > maxBytes && pieces[pieces.length - 1].length > 0) {
        pieces.push([]);
        size = 0;
      }
      pieces[pieces.length - 1].push(part);
      size += bytes;
    }
  }
  // Deletions go with the last piece: they may name text the earlier pieces insert.
  return pieces.map((piece, index) => encode(piece, index === pieces.length - 1 ? ds : null));
}
