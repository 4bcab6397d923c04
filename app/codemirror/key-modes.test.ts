// @vitest-environment jsdom
import { EditorState } from "@codemirror/state";
import { EditorView } from "@codemirror/view";
import { getCM, Vim } from "@replit/codemirror-vim";
import { afterEach, describe, expect, it, vi } from "vitest";
import { keyModeActions, loadKeyMode, vimModeStatus } from "./key-modes";

let view: EditorView | null = null;
afterEach(() => {
  view?.destroy();
  view = null;
});

async function vimView(doc: string) {
  const actions = { save: vi.fn(), close: vi.fn(), find: vi.fn(), onModeStatus: vi.fn() };
  const bindings = await loadKeyMode("vim");
  view = new EditorView({
    state: EditorState.create({ doc, extensions: [bindings, keyModeActions.of(actions)] }),
    parent: document.body,
  });
  // Vim types its adapter as having started (state.vim set), which it has once the view exists.
  const cm = getCM(view) as unknown as Parameters<typeof Vim.handleEx>[0];
  return { view, actions, cm };
}

describe("key modes", () => {
  it("the standard keys add nothing", async () => {
    expect(await loadKeyMode("standard")).toEqual([]);
  });

  it("Vim's :w saves, :q closes, :wq does both, through the editor's actions", async () => {
    const { actions, cm } = await vimView("text");
    Vim.handleEx(cm, "w");
    expect(actions.save).toHaveBeenCalledTimes(1);
    expect(actions.close).not.toHaveBeenCalled();
    Vim.handleEx(cm, "q");
    expect(actions.close).toHaveBeenCalledTimes(1);
    Vim.handleEx(cm, "wq");
    expect(actions.save).toHaveBeenCalledTimes(2);
    expect(actions.close).toHaveBeenCalledTimes(2);
  });

  it("reports Vim's mode to the status bar, and nothing once the view goes", async () => {
    const { actions, cm } = await vimView("text");
    expect(actions.onModeStatus).toHaveBeenLastCalledWith("Vim: NORMAL");
    Vim.handleKey(cm, "i", "user");
    expect(actions.onModeStatus).toHaveBeenLastCalledWith("Vim: INSERT");
    Vim.handleKey(cm, "<Esc>", "user");
    Vim.handleKey(cm, "V", "user");
    expect(actions.onModeStatus).toHaveBeenLastCalledWith("Vim: VISUAL LINE");
    view!.destroy();
    view = null;
    expect(actions.onModeStatus).toHaveBeenLastCalledWith("");
  });

  it("names the modes as the status bar shows them", () => {
    expect(vimModeStatus("normal")).toBe("Vim: NORMAL");
    expect(vimModeStatus("visual", "blockwise")).toBe("Vim: VISUAL BLOCK");
  });
});
