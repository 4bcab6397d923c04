import { type RefObject, useEffect, useRef } from "react";

/** A form field whose value React keeps in state. */
export type HydratedField = HTMLInputElement | HTMLTextAreaElement;

/** True when the person changed `field` from what the prerendered page had in it. */
function changedByPerson(field: HydratedField): boolean {
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

/**
 * Hands `adopt` each field inside `container` that the person typed into (or ticked) before
 * the page's scripts ran, once, right after hydration. React hydrates a controlled field
 * without reading it, so its state stays empty while the field shows the typed text, and the
 * next render (a keystroke in another field) writes the empty state back over it.
 */
export function useTypedBeforeHydration(
  container: RefObject<HTMLElement | null>,
  adopt: (field: HydratedField) => void,
): void {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    for (const field of container.current?.querySelectorAll<HydratedField>("input, textarea") ??
      []) {
      if (changedByPerson(field)) adopt(field);
    }
  }, [container, adopt]);
}
