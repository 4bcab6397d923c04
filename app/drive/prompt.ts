/**
 * Questions the Drive integration asks in the page (not with window.confirm): "Reconnect to
 * Google Drive", "Save as a new file in Drive" and the like. Google's sign-in window is a popup,
 * and browsers open popups only from inside a click; a button on the page gives the user a
 * click to open it from, where a confirm() would have used the click up. A tiny external store
 * (subscribe / snapshot) that one React component per page renders; no React here.
 */

/** One button of a prompt. */
export interface DrivePromptAction {
  /** What {@link DrivePromptStore.ask} resolves with when this button is pressed. */
  id: string;
  /** Visible label and accessible name. */
  label: string;
  /**
   * Runs synchronously inside the button's click handler, before the prompt closes: the place
   * to open Google's sign-in window, which browsers allow only while the click is handled.
   */
  run?: () => void;
  /** Makes the button a link opened in a new tab (e.g. Google's storage page). */
  href?: string;
}

/** A question shown in the page. */
export interface DrivePrompt {
  /** Title; also the dialog's accessible name. */
  title: string;
  message: string;
  /** The first action is the main one and gets the focus. */
  actions: DrivePromptAction[];
  /** Label of the button that closes the prompt without acting ("Not now", "Cancel"). */
  dismissLabel: string;
}

/** What the page renders: the prompt shown, or null. */
export interface DrivePromptSnapshot {
  prompt: DrivePrompt | null;
}

const EMPTY: DrivePromptSnapshot = { prompt: null };

/** Holds the one prompt shown at a time. */
export class DrivePromptStore {
  private snapshot: DrivePromptSnapshot = EMPTY;
  private resolve: ((choice: string | null) => void) | null = null;
  private readonly listeners = new Set<() => void>();

  /** Current state; the same object until something changes (for useSyncExternalStore). */
  getSnapshot = (): DrivePromptSnapshot => this.snapshot;

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Shows `prompt` and resolves with the id of the action pressed, or null when it was
   * dismissed. A newer prompt replaces (dismisses) one still showing.
   */
  ask(prompt: DrivePrompt): Promise<string | null> {
    this.settle(null);
    return new Promise<string | null>((resolve) => {
      this.resolve = resolve;
      this.publish({ prompt });
    });
  }

  /**
   * The user pressed `actionId` (null: dismissed). Runs the action's `run` first, synchronously,
   * so a sign-in window it opens is still inside the click.
   */
  choose(actionId: string | null): void {
    const prompt = this.snapshot.prompt;
    if (!prompt) return;
    const action = prompt.actions.find((candidate) => candidate.id === actionId);
    try {
      action?.run?.();
    } finally {
      this.settle(action ? action.id : null);
    }
  }

  /** Closes the prompt shown, if any, as dismissed (e.g. when the page unmounts). */
  dismiss(): void {
    this.settle(null);
  }

  private settle(choice: string | null): void {
    const resolve = this.resolve;
    this.resolve = null;
    if (this.snapshot.prompt) this.publish(EMPTY);
    resolve?.(choice);
  }

  private publish(snapshot: DrivePromptSnapshot): void {
    this.snapshot = snapshot;
    for (const listener of this.listeners) listener();
  }
}

let pagePrompts: DrivePromptStore | null = null;

/** The page's prompt store, created on first use. */
export function getDrivePrompts(): DrivePromptStore {
  pagePrompts ??= new DrivePromptStore();
  return pagePrompts;
}
