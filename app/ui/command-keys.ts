import { type Extension, Prec } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { type Command, runCommandForKey } from "./commands";
import type { Platform } from "./platform";

/** What the editor's key handler needs, read at key time (so the extension is made once). */
export interface CommandKeyTarget<Ctx> {
  commands: readonly Command<Ctx, unknown>[];
  ctx: Ctx;
  platform: Platform;
}

/**
 * Runs the registry's commands (text and page scope) from keys pressed in the document text,
 * above CodeMirror's own bindings (so Mod-i is Italic, not "select parent syntax"). A handled
 * key is prevented, so the page-wide handler (`useCommandKeys`) leaves it alone. A command that
 * returns false (Tab with nothing to indent) lets the key through.
 */
export function commandKeyHandler<Ctx>(target: () => CommandKeyTarget<Ctx> | null): Extension {
  return Prec.highest(
    EditorView.domEventHandlers({
      keydown(event, view) {
        if (event.defaultPrevented || event.isComposing) return false;
        // Escape then Tab always leaves the text, even when this Escape also collapses a
        // selection (CodeMirror's own rule counts only an Escape nothing else used).
        if (event.key === "Escape") view.setTabFocusMode(2000);
        const current = target();
        if (!current) return false;
        const scopes = ["text", "page"] as const;
        if (!runCommandForKey(current.commands, current.ctx, event, current.platform, scopes))
          return false;
        event.preventDefault();
        return true;
      },
    }),
  );
}
