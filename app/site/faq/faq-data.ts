/** The FAQ entries of content/faq.ts (schema: briefs/content-schema.md), as the page uses them. */
import { FAQ_CATEGORIES, FAQ_ENTRIES, type FaqEntry } from "../../../content/faq";

/** The six FAQ categories, in display order. */
export const FAQ_CATEGORY_ORDER = FAQ_CATEGORIES;

/** One question of the FAQ page; `answer` is plain text, paragraphs separated by a blank line. */
export type FaqItem = FaqEntry;

/** Every FAQ entry, in file order. */
export const FAQ_ITEMS: readonly FaqItem[] = FAQ_ENTRIES;
