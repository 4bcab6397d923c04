/**
 * The others' cursors and selections in a live document, and this person's cursor published to
 * them: y-codemirror.next's `yRemoteSelections` (MIT, by Kevin Jahns) rewritten so no value from
 * presence is ever pasted into markup (issue 49 §6). Presence is written by anyone with a
 * view-only link; the original builds `style="background-color: ${color}"` strings from it.
 * Here a colour is used only when it is `#rrggbb` (or `#rrggbbaa` for the light one), and the
 * caret's colours are set with `style.setProperty`, so even an unchecked value could not add a
 * declaration. The session checks every state before this sees it too (live-presence-check.ts).
 * The classes and the base theme stay y-codemirror.next's, so the look is unchanged.
 */
import { type Range } from "@codemirror/state";
import {
  Decoration,
  type DecorationSet,
  type EditorView,
  ViewPlugin,
  type ViewUpdate,
  WidgetType,
} from "@codemirror/view";
import type { Awareness } from "y-protocols/awareness";
import * as Y from "yjs";

const FALLBACK_COLOR = "#30bced";

/** The colour when it is a plain hex colour, else the fallback. */
function safeColor(value: unknown, fallback: string, alpha = false): string {
  const pattern = alpha ? /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/ : /^#[0-9a-fA-F]{6}$/;
  return typeof value === "string" && pattern.test(value) ? value : fallback;
}

class RemoteCaret extends WidgetType {
  constructor(
    readonly color: string,
    readonly name: string,
  ) {
    super();
  }

  toDOM(view: EditorView): HTMLElement {
    const doc = view.dom.ownerDocument;
    const caret = doc.createElement("span");
    caret.className = "cm-ySelectionCaret";
    caret.style.setProperty("background-color", this.color);
    caret.style.setProperty("border-color", this.color);
    const dot = doc.createElement("div");
    dot.className = "cm-ySelectionCaretDot";
    const info = doc.createElement("div");
    info.className = "cm-ySelectionInfo";
    info.textContent = this.name;
    caret.append("\u2060", dot, "\u2060", info, "\u2060");
    return caret;
  }

  eq(other: RemoteCaret): boolean {
    return other.color === this.color && other.name === this.name;
  }

  get estimatedHeight(): number {
    return -1;
  }

  ignoreEvent(): boolean {
    return true;
  }
}

interface Cursor {
  anchor: unknown;
  head: unknown;
}

function absolute(position: unknown, doc: Y.Doc, text: Y.Text): number | null {
  try {
    const relative = Y.createRelativePositionFromJSON(position);
    const found = Y.createAbsolutePositionFromRelativePosition(relative, doc);
    return found && found.type === text ? found.index : null;
  } catch {
    return null; // a position this document cannot place
  }
}

/** Draws others' cursors from `awareness` and publishes this person's selection to it. */
export function liveRemoteCursors(text: Y.Text, awareness: Awareness) {
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet = Decoration.none;
      private readonly listener: (change: Record<string, number[]>) => void;

      constructor(private readonly view: EditorView) {
        this.listener = ({ added, updated, removed }) => {
          const ids = [...added, ...updated, ...removed];
          if (ids.some((id) => id !== awareness.clientID)) view.dispatch({});
        };
        awareness.on("change", this.listener);
      }

      destroy(): void {
        awareness.off("change", this.listener);
      }

      update(update: ViewUpdate): void {
        this.publish(update);
        this.decorations = this.draw(update);
      }

      private publish(update: ViewUpdate): void {
        const local = awareness.getLocalState();
        if (local === null) return;
        const hasFocus = update.view.hasFocus && update.view.dom.ownerDocument.hasFocus();
        const current = local.cursor as Cursor | null | undefined;
        if (hasFocus) {
          const selection = update.state.selection.main;
          const anchor = Y.createRelativePositionFromTypeIndex(text, selection.anchor);
          const head = Y.createRelativePositionFromTypeIndex(text, selection.head);
          const same =
            current != null &&
            Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.anchor), anchor) &&
            Y.compareRelativePositions(Y.createRelativePositionFromJSON(current.head), head);
          if (!same) awareness.setLocalStateField("cursor", { anchor, head });
        }
      }

      private draw(update: ViewUpdate): DecorationSet {
        const doc = text.doc;
        if (!doc) return Decoration.none;
        const ranges: Range<Decoration>[] = [];
        const lines = update.state.doc;
        for (const [clientId, state] of awareness.getStates()) {
          if (clientId === awareness.clientID) continue;
          const cursor = state.cursor as Cursor | null | undefined;
          if (!cursor || cursor.anchor == null || cursor.head == null) continue;
          const anchor = absolute(cursor.anchor, doc, text);
          const head = absolute(cursor.head, doc, text);
          if (anchor === null || head === null || Math.max(anchor, head) > lines.length) continue;
          const user = (state.user ?? {}) as {
            name?: unknown;
            color?: unknown;
            colorLight?: unknown;
          };
          const color = safeColor(user.color, FALLBACK_COLOR);
          const light = safeColor(user.colorLight, `${color}33`, true);
          const name = typeof user.name === "string" ? user.name : "Anonymous";
          const start = Math.min(anchor, head);
          const end = Math.max(anchor, head);
          const mark = Decoration.mark({
            attributes: { style: `background-color: ${light}` },
            class: "cm-ySelection",
          });
          const startLine = lines.lineAt(start);
          const endLine = lines.lineAt(end);
          if (start < end) {
            if (startLine.number === endLine.number) ranges.push(mark.range(start, end));
            else {
              if (start < startLine.to) ranges.push(mark.range(start, startLine.to));
              if (endLine.from < end) ranges.push(mark.range(endLine.from, end));
              for (let line = startLine.number + 1; line < endLine.number; line++) {
                const from = lines.line(line).from;
                const lineMark = Decoration.line({
                  attributes: { style: `background-color: ${light}`, class: "cm-yLineSelection" },
                });
                ranges.push(lineMark.range(from));
              }
            }
          }
          const caret = Decoration.widget({
            side: head - anchor > 0 ? -1 : 1,
            block: false,
            widget: new RemoteCaret(color, name),
          });
          ranges.push(caret.range(head));
        }
        return Decoration.set(ranges, true);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}
