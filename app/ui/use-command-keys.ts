import { useEffect, useRef } from "react";
import { type Command, findCommandForKey, runCommandForKey } from "./commands";
import type { Platform } from "./platform";

/** What page-wide key handling needs, read at key time (so the listener is added once). */
export interface CommandKeySource<Ctx, State> {
  commands: readonly Command<Ctx, State>[];
  ctx: Ctx;
  platform: Platform;
  /**
   * True while a dialog is open: page keys are then held back (neither run nor given to the
   * browser, so F5 does not reload and Ctrl+S does not save the page behind the dialog).
   */
  suspended?: () => boolean;
}

/**
 * Runs the registry's page-scope commands from keys pressed anywhere on the page. Keys pressed
 * in the document text reach the editor's own handler first (`commandKeyHandler` in
 * app/codemirror), which marks the event handled, so nothing runs twice.
 */
export function useCommandKeys<Ctx, State>(source: CommandKeySource<Ctx, State>): void {
  const sourceRef = useRef(source);
  useEffect(() => {
    sourceRef.current = source;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const { commands, ctx, platform, suspended } = sourceRef.current;
      const found = findCommandForKey(commands, event, platform, ["page"]);
      if (!found) return;
      if (suspended?.()) {
        event.preventDefault();
        return;
      }
      if (!runCommandForKey(commands, ctx, event, platform, ["page"])) return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
