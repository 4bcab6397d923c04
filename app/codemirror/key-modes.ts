import { type Extension, Facet, Prec } from "@codemirror/state";
import { type EditorView, ViewPlugin } from "@codemirror/view";
import type { KeyMode } from "~/storage/key-mode";

/**
 * Vim and Emacs key bindings (issue 31 item 5), from @replit/codemirror-vim and
 * @replit/codemirror-emacs, each loaded only when someone chooses it. They sit at the highest
 * precedence ahead of the editor's own key handler, so a key Vim or Emacs uses in the text is
 * theirs; a key they leave alone (Ctrl+S) still runs the editor's command.
 */

/** What the bindings call back into: the editor's Save and Close, and where Vim's mode shows. */
export interface KeyModeActions {
  /** `:w` in Vim, Ctrl+X Ctrl+S in Emacs. */
  save(): void;
  /** `:q` in Vim: closes the notepad's tab (asking first when it has unsaved changes). */
  close(): void;
  /**
   * `:wq` and `:x` in Vim: saves, then closes once the save is done (not when it failed or was
   * cancelled). Without it, they save and close at once.
   */
  saveAndClose?(): void;
  /** Ctrl+S and Ctrl+R in Emacs: the editor's own find bar. */
  find(): void;
  /**
   * What the status bar says of the keys: Vim's mode ("Vim: NORMAL", "Vim: VISUAL LINE"),
   * "Emacs keys", or "" when the bindings go.
   */
  onModeStatus?(text: string): void;
}

/** The editor's actions, read by the bindings at the moment they run. */
export const keyModeActions = Facet.define<KeyModeActions, KeyModeActions | null>({
  combine: (values) => values[0] ?? null,
});

function actionsOf(view: EditorView | undefined): KeyModeActions | null {
  return view ? view.state.facet(keyModeActions) : null;
}

/** The Vim mode as the status bar shows it ("Vim: NORMAL", "Vim: VISUAL LINE"). */
export function vimModeStatus(mode: string, subMode?: string): string {
  const sub = subMode === "linewise" ? " LINE" : subMode === "blockwise" ? " BLOCK" : "";
  return `Vim: ${mode.toUpperCase()}${sub}`;
}

/** A plugin that tells the status bar `text` while the bindings are in the view. */
function statusReporter(text: string) {
  return ViewPlugin.define((view) => {
    actionsOf(view)?.onModeStatus?.(text);
    return { destroy: () => actionsOf(view)?.onModeStatus?.("") };
  });
}

let vimExtension: Promise<Extension> | null = null;
let emacsExtension: Promise<Extension> | null = null;

async function loadVim(): Promise<Extension> {
  const { vim, Vim, getCM, CodeMirror } = await import("@replit/codemirror-vim");
  type VimAdapter = { cm6: EditorView };
  // Vim's own :w calls CodeMirror.commands.save; :q, :wq and :x are Plainpad's.
  CodeMirror.commands.save = (cm: VimAdapter) => actionsOf(cm.cm6)?.save();
  Vim.defineEx("quit", "q", (cm: VimAdapter) => actionsOf(cm.cm6)?.close());
  const saveAndClose = (cm: VimAdapter) => {
    const actions = actionsOf(cm.cm6);
    if (actions?.saveAndClose) return actions.saveAndClose();
    actions?.save();
    actions?.close();
  };
  Vim.defineEx("wq", "wq", saveAndClose);
  Vim.defineEx("xit", "x", saveAndClose);
  const modeReporter = ViewPlugin.define((view) => {
    const cm = getCM(view);
    const report = (event: { mode: string; subMode?: string }) =>
      actionsOf(view)?.onModeStatus?.(vimModeStatus(event.mode, event.subMode));
    cm?.on("vim-mode-change", report);
    report({ mode: "normal" });
    return {
      destroy() {
        cm?.off("vim-mode-change", report);
        actionsOf(view)?.onModeStatus?.("");
      },
    };
  });
  return [Prec.highest(vim()), modeReporter];
}

async function loadEmacs(): Promise<Extension> {
  const { emacs, EmacsHandler } = await import("@replit/codemirror-emacs");
  EmacsHandler.bindKey("C-x C-s", (view: EditorView) => actionsOf(view)?.save());
  // Emacs's incremental search keys open the editor's find bar, not a second search panel.
  EmacsHandler.bindKey("C-s|C-r", (view: EditorView) => actionsOf(view)?.find());
  return [Prec.highest(emacs()), statusReporter("Emacs keys")];
}

/** The extension of `mode`, loading its library the first time (standard: nothing). */
export function loadKeyMode(mode: KeyMode): Promise<Extension> {
  if (mode === "vim") return (vimExtension ??= loadVim());
  if (mode === "emacs") return (emacsExtension ??= loadEmacs());
  return Promise.resolve([]);
}
