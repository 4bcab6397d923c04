import { describe, expect, it } from "vitest";
import {
  EDITOR_COMMANDS,
  EDITOR_EXTRA_SHORTCUTS,
  EDITOR_HEADER_COMMANDS,
  EDITOR_TOOLBAR,
} from "~/editor/commands";
import {
  NOTEPAD_COMMANDS,
  NOTEPAD_CONTEXT_MENU,
  NOTEPAD_TAB_CONTEXT_MENU,
  NOTEPAD_EXTRA_SHORTCUTS,
  NOTEPAD_MENUS,
  NOTEPAD_TOOLBAR,
} from "~/notepad/commands";
import {
  type Command,
  findCommandForKey,
  formatCommandKeys,
  formatKey,
  keysFor,
  layoutIds,
  matchesKey,
  runCommandForKey,
  shortcutRows,
} from "./commands";
import type { Platform } from "./platform";

const PLATFORMS: Platform[] = ["windows", "mac"];

function key(
  name: string,
  mods: Partial<{ ctrl: boolean; meta: boolean; shift: boolean; alt: boolean }> = {},
) {
  return {
    key: name,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    shiftKey: mods.shift ?? false,
    altKey: mods.alt ?? false,
  };
}

describe("key notation", () => {
  it("formats bindings per platform", () => {
    expect(formatKey("Mod-b", "windows")).toBe("Ctrl+B");
    expect(formatKey("Mod-b", "mac")).toBe("Cmd+B");
    expect(formatKey("Mod-Shift-z", "mac")).toBe("Cmd+Shift+Z");
    expect(formatKey("Mod-=", "windows")).toBe("Ctrl++");
    expect(formatKey("Mod--", "windows")).toBe("Ctrl+−");
    expect(formatKey("F5", "mac")).toBe("F5");
    expect(formatKey("Mod-Shift-PageUp", "windows")).toBe("Ctrl+Shift+PageUp");
  });

  it("matches events: Mod is Ctrl off macOS and Cmd on it; letters in either case", () => {
    expect(matchesKey(key("s", { ctrl: true }), "Mod-s", "windows")).toBe(true);
    expect(matchesKey(key("S", { ctrl: true }), "Mod-s", "windows")).toBe(true);
    expect(matchesKey(key("s", { meta: true }), "Mod-s", "windows")).toBe(false);
    expect(matchesKey(key("s", { meta: true }), "Mod-s", "mac")).toBe(true);
    expect(matchesKey(key("s", { ctrl: true }), "Mod-s", "mac")).toBe(false);
    expect(matchesKey(key("s", { ctrl: true, shift: true }), "Mod-s", "windows")).toBe(false);
    expect(matchesKey(key("Z", { ctrl: true, shift: true }), "Mod-Shift-z", "windows")).toBe(true);
    expect(matchesKey(key("s", { ctrl: true, alt: true }), "Mod-s", "windows")).toBe(false);
    expect(matchesKey(key("F5"), "F5", "windows")).toBe(true);
    expect(matchesKey(key("F5", { ctrl: true }), "F5", "windows")).toBe(false);
  });

  it("does not ask for Shift on punctuation typed with it (Ctrl++)", () => {
    expect(matchesKey(key("+", { ctrl: true, shift: true }), "Mod-+", "windows")).toBe(true);
    expect(matchesKey(key("=", { ctrl: true }), "Mod-=", "windows")).toBe(true);
    // Ctrl+Shift+1 is "!" on most layouts: not tab 1.
    expect(matchesKey(key("!", { ctrl: true, shift: true }), "Mod-1", "windows")).toBe(false);
  });

  it("finds a command only in the scopes asked for", () => {
    const commands = [
      { id: "a", keys: { all: ["Mod-z"] }, scope: "text" as const },
      { id: "b", keys: { all: ["Mod-s"] } },
    ];
    expect(findCommandForKey(commands, key("z", { ctrl: true }), "windows", ["page"])).toBeNull();
    expect(
      findCommandForKey(commands, key("z", { ctrl: true }), "windows", ["text", "page"])?.command
        .id,
    ).toBe("a");
    expect(findCommandForKey(commands, key("s", { ctrl: true }), "windows", ["page"])?.key).toBe(
      "Mod-s",
    );
  });
});

/** Checks one editor's registry against its layouts and help table. */
function checkRegistry(
  commands: readonly Command<unknown, unknown>[],
  layouts: readonly (readonly unknown[])[],
  extra: Parameters<typeof shortcutRows>[1],
) {
  const ids = commands.map((command) => command.id);
  expect(new Set(ids).size, "command ids are unique").toBe(ids.length);

  for (const layout of layouts) {
    for (const id of layoutIds(layout as never)) expect(ids, `layout names "${id}"`).toContain(id);
  }

  for (const platform of PLATFORMS) {
    // No two commands share a key in one editor, unless the first gives it on (sharesKeys).
    const owner = new Map<string, Command<unknown, unknown>>();
    for (const command of commands) {
      for (const binding of keysFor(command, platform)) {
        const other = owner.get(binding);
        if (!other?.sharesKeys) {
          expect(
            other?.id,
            `${binding} is bound to ${other?.id} and ${command.id} on ${platform}`,
          ).toBeUndefined();
        }
        owner.set(binding, command);
      }
    }

    // Every command with a key appears in the help table, with each of its keys.
    const rows = shortcutRows(commands, extra);
    const column = platform === "mac" ? "mac" : "windows";
    for (const command of commands) {
      const bindings = keysFor(command, platform);
      if (bindings.length === 0) continue;
      const action = command.helpWith
        ? commands.find((other) => other.id === command.helpWith)!
        : command;
      const row = rows.find((r) => r.action === (action.helpLabel ?? action.label));
      expect(row, `help row of ${command.id}`).toBeDefined();
      if (command.keysHelp !== undefined || command.helpWith) {
        expect(row![column]).toContain(formatKey(bindings[0], platform));
      } else {
        for (const binding of bindings)
          expect(row![column]).toContain(formatKey(binding, platform));
      }
    }
  }
}

describe("the editors' command registries", () => {
  it("simple editor: unique ids and keys, every layout id registered, every key in help", () => {
    checkRegistry(
      EDITOR_COMMANDS as readonly Command<unknown, unknown>[],
      [EDITOR_TOOLBAR, EDITOR_HEADER_COMMANDS],
      EDITOR_EXTRA_SHORTCUTS,
    );
  });

  it("notepad: unique ids and keys, every menu/toolbar/context id registered, every key in help", () => {
    checkRegistry(
      NOTEPAD_COMMANDS as readonly Command<unknown, unknown>[],
      [
        NOTEPAD_TOOLBAR,
        NOTEPAD_CONTEXT_MENU,
        NOTEPAD_TAB_CONTEXT_MENU,
        ...NOTEPAD_MENUS.map((menu) => menu.entries),
      ],
      NOTEPAD_EXTRA_SHORTCUTS,
    );
  });

  it("gives the spec's shortcut keys (Ctrl+S saves, Ctrl+Shift+S saves as, Ctrl+O opens in both editors)", () => {
    const show = (commands: readonly Command<unknown, unknown>[], id: string, p: Platform) =>
      formatCommandKeys(
        commands.find((c) => c.id === id)!,
        p,
      );
    const editor = EDITOR_COMMANDS as readonly Command<unknown, unknown>[];
    const notepad = NOTEPAD_COMMANDS as readonly Command<unknown, unknown>[];
    expect(show(editor, "save", "windows")).toBe("Ctrl+S");
    expect(show(editor, "save-as", "mac")).toBe("Cmd+Shift+S");
    expect(show(notepad, "save-as", "windows")).toBe("Ctrl+Shift+S");
    expect(show(editor, "open", "mac")).toBe("Cmd+O");
    expect(show(editor, "redo", "windows")).toBe("Ctrl+Y");
    expect(show(editor, "redo", "mac")).toBe("Cmd+Shift+Z");
    expect(show(notepad, "save", "windows")).toBe("Ctrl+S");
    expect(show(notepad, "open", "windows")).toBe("Ctrl+O");
    expect(show(notepad, "datetime", "mac")).toBe("F5");
  });

  it("builds help rows with every binding per platform", () => {
    const rows = shortcutRows(NOTEPAD_COMMANDS as readonly Command<unknown, unknown>[]);
    expect(rows.find((row) => row.action === "Redo")).toEqual({
      action: "Redo",
      windows: "Ctrl+Y or Ctrl+Shift+Z",
      mac: "Cmd+Shift+Z or Cmd+Y",
    });
    expect(rows.find((row) => row.action === "Go to tab 1–9")?.mac).toBe("Cmd+1 … Cmd+9");
    expect(rows.find((row) => row.action === "Cut")?.windows).toBe("Ctrl+X");
    // Mod-= and Mod-+ read the same: shown once.
    expect(rows.find((row) => row.action === "Font size up")?.windows).toBe("Ctrl++");
    expect(rows.find((row) => row.action === "Context menu (or right-click)")?.mac).toBe(
      "Shift+F10 or Menu key",
    );
  });
});

describe("a key shared by two commands", () => {
  type Ctx = { folderOpen: boolean; ran: string[] };
  const commands: Command<Ctx, unknown>[] = [
    {
      id: "quick-open",
      label: "Quick open",
      keys: { all: ["Mod-p"] },
      sharesKeys: true,
      run: (ctx) => ctx.folderOpen && (ctx.ran.push("quick-open"), true),
    },
    {
      id: "print",
      label: "Print",
      keys: { all: ["Mod-p"] },
      run: (ctx) => void ctx.ran.push("print"),
    },
    { id: "indent", label: "Indent", keys: { all: ["Tab"] }, run: () => false },
  ];

  it("goes to the first command that applies, and on to the next when it does not", () => {
    const withFolder: Ctx = { folderOpen: true, ran: [] };
    expect(
      runCommandForKey(commands, withFolder, key("p", { ctrl: true }), "windows", ["page"]),
    ).toBe(true);
    const without: Ctx = { folderOpen: false, ran: [] };
    expect(runCommandForKey(commands, without, key("p", { ctrl: true }), "windows", ["page"])).toBe(
      true,
    );
    expect([withFolder.ran, without.ran]).toEqual([["quick-open"], ["print"]]);
  });

  it("leaves the key its own meaning when a command that does not share it returns false", () => {
    const ctx: Ctx = { folderOpen: false, ran: [] };
    expect(runCommandForKey(commands, ctx, key("Tab"), "windows", ["page"])).toBe(false);
  });

  it("the notepad's Mod-p is Quick open's first, then Print's", () => {
    const bound = NOTEPAD_COMMANDS.filter((command) =>
      keysFor(command, "windows").includes("Mod-p"),
    );
    expect(bound.map((command) => [command.id, command.sharesKeys ?? false])).toEqual([
      ["quick-open", true],
      ["print", false],
    ]);
  });
});
