/**
 * A choice each editor remembers on its own in this browser (the Markdown preview's mode, the
 * key bindings): one localStorage entry per editor, `<key>-editor` and `<key>-notepad`.
 */

/** Which editor a stored choice belongs to. */
export type ChoiceOwner = "editor" | "notepad";

/** Reads and writes one kind of choice among `values`, `fallback` when none is stored. */
export function editorChoice<T extends string>(key: string, values: readonly T[], fallback: T) {
  const keyOf = (owner: ChoiceOwner) => `${key}-${owner}`;
  const isChoice = (value: unknown): value is T => (values as readonly unknown[]).includes(value);
  return {
    isChoice,
    /** The stored choice of `owner`; the fallback when none is stored, or storage is blocked. */
    read(owner: ChoiceOwner): T {
      try {
        const value = localStorage.getItem(keyOf(owner));
        return isChoice(value) ? value : fallback;
      } catch {
        return fallback;
      }
    },
    /** Remembers `value` for `owner` (ignored when storage is blocked: it still applies now). */
    write(owner: ChoiceOwner, value: T): void {
      try {
        localStorage.setItem(keyOf(owner), value);
      } catch {
        // Private modes and full storage: the choice lasts for this visit only.
      }
    },
  };
}
