/**
 * The preview's blocks live in sections of about 64, and each section, not each block, is
 * skipped by the browser while it is off screen (`content-visibility: auto`). Chrome checks
 * every such element on every frame, so thousands of them (a 1 MB document) would cost each
 * keystroke tens of milliseconds; a hundred sections cost next to nothing. Sections are filled
 * where blocks are inserted and split when they grow, never rebalanced otherwise, so a
 * keystroke touches one section.
 */

/** Class of a section element (styled in markdown-preview.css). */
export const SECTION_CLASS = "md-section";
const SECTION_SIZE = 64;
/** A section that grows past this (a big paste) is split into sections of SECTION_SIZE. */
const SECTION_MAX = 256;

function newSection(doc: Document): HTMLElement {
  const section = doc.createElement("div");
  section.className = SECTION_CLASS;
  return section;
}

/** Inserts `blocks` (in order) before `anchor`, a block already shown, or at the end (null). */
export function insertBlocks(
  container: HTMLElement,
  blocks: readonly HTMLElement[],
  anchor: HTMLElement | null,
): void {
  if (blocks.length === 0) return;
  const doc = container.ownerDocument;
  let section = anchor?.parentElement ?? (container.lastElementChild as HTMLElement | null);
  if (!section) {
    section = newSection(doc);
    container.append(section);
  }
  const fragment = doc.createDocumentFragment();
  fragment.append(...blocks);
  section.insertBefore(fragment, anchor);
  if (section.childElementCount > SECTION_MAX) split(section);
}

function split(section: HTMLElement): void {
  const children = Array.from(section.children);
  let after = section;
  for (let i = SECTION_SIZE; i < children.length; i += SECTION_SIZE) {
    const next = newSection(section.ownerDocument);
    next.append(...children.slice(i, i + SECTION_SIZE));
    after.after(next);
    after = next;
  }
}

/** Takes a block off the page (and its section, once empty). */
export function removeBlock(block: HTMLElement): void {
  const section = block.parentElement;
  block.remove();
  if (section?.className === SECTION_CLASS && section.childElementCount === 0) section.remove();
}
