/**
 * Every presence state from the relay is checked before it reaches the awareness that the
 * editor binding (y-codemirror.next) draws from (issue 49 §6). Presence is sealed, not signed:
 * anyone with a view-only link can write it, and the binding pastes `user.color` into a `style`
 * attribute. So only what this page itself would send passes: a colour `#rrggbb` (the light
 * one is derived from it, never taken), a name of at most NAME_MAX characters, a cursor made
 * of well-formed relative positions, the "joined" count, and nothing else; at most
 * MAX_STATES_PER_MESSAGE states in one message, and never one for this page's own client id.
 */
import * as decoding from "lib0/decoding";
import * as encoding from "lib0/encoding";

/** Longest name shown for a person. */
export const NAME_MAX = 64;
/** A page sends its own state only: a message naming more is not from a page. */
export const MAX_STATES_PER_MESSAGE = 4;

const COLOR = /^#[0-9a-fA-F]{6}$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value) && value >= 0;
}

function idOf(value: unknown): Json | undefined {
  if (value === null) return null;
  if (!isObject(value) || !isCount(value.client) || !isCount(value.clock)) return undefined;
  return { client: value.client, clock: value.clock };
}

/** A Yjs relative position as JSON (Y.relativePositionToJSON), rebuilt; undefined if not one. */
function relativePosition(value: unknown): Json | undefined {
  if (!isObject(value)) return undefined;
  const out: { [key: string]: Json } = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === "type" || key === "item") {
      const id = idOf(field);
      if (id === undefined) return undefined;
      out[key] = id;
    } else if (key === "tname") {
      if (field !== null && (typeof field !== "string" || field.length > NAME_MAX))
        return undefined;
      out.tname = field;
    } else if (key === "assoc") {
      if (typeof field !== "number" || !Number.isSafeInteger(field)) return undefined;
      out.assoc = field;
    } else {
      return undefined;
    }
  }
  return out;
}

function cursorOf(value: unknown): Json {
  if (!isObject(value)) return null;
  const anchor = relativePosition(value.anchor);
  const head = relativePosition(value.head);
  return anchor === undefined || head === undefined ? null : { anchor, head };
}

/** The state as this page lets it through, or null for "gone" (or nothing usable). */
export function checkedState(state: unknown, fallbackColor: string): Json {
  if (!isObject(state)) return null;
  const out: { [key: string]: Json } = {};
  if (isObject(state.user)) {
    const { name, color } = state.user;
    const shown = typeof name === "string" ? [...name].slice(0, NAME_MAX).join("") : "";
    const safe = typeof color === "string" && COLOR.test(color) ? color : fallbackColor;
    out.user = { name: shown, color: safe, colorLight: `${safe}33` };
  }
  if ("cursor" in state) out.cursor = cursorOf(state.cursor);
  if (isCount(state.joined)) out.joined = state.joined;
  return out;
}

/**
 * An awareness update (y-protocols' format) with every state checked, or null when the message
 * as a whole is refused (too many states, or not that format).
 */
export function checkedAwarenessUpdate(
  update: Uint8Array,
  ownClientId: number,
  colorFor: (clientId: number) => string,
): Uint8Array | null {
  try {
    const d = decoding.createDecoder(update);
    const count = decoding.readVarUint(d);
    if (count > MAX_STATES_PER_MESSAGE) return null;
    const e = encoding.createEncoder();
    const kept: [number, number, string][] = [];
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(d);
      const clock = decoding.readVarUint(d);
      const state: unknown = JSON.parse(decoding.readVarString(d));
      // Another page may not speak for this one (nor replace or remove its state).
      if (clientId === ownClientId) continue;
      kept.push([clientId, clock, JSON.stringify(checkedState(state, colorFor(clientId)))]);
    }
    if (decoding.hasContent(d)) return null;
    encoding.writeVarUint(e, kept.length);
    for (const [clientId, clock, json] of kept) {
      encoding.writeVarUint(e, clientId);
      encoding.writeVarUint(e, clock);
      encoding.writeVarString(e, json);
    }
    return encoding.toUint8Array(e);
  } catch {
    return null;
  }
}
