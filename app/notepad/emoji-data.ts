/** The seven emoji categories of the picker, in order (spec section 9). */
export const EMOJI_CATEGORIES = [
  "Smileys",
  "People",
  "Animals",
  "Food",
  "Activities",
  "Objects",
  "Symbols",
] as const;

/** One of EMOJI_CATEGORIES. */
export type EmojiCategory = (typeof EMOJI_CATEGORIES)[number];

/** One emoji of the picker. */
export interface PickerEmoji {
  emoji: string;
  label: string;
  tags: string[];
  category: EmojiCategory;
}

/**
 * emojibase group numbers -> our categories. Travel & places joins Objects, flags join Symbols;
 * group 2 (skin-tone and hair components) is not offered.
 */
const GROUP_TO_CATEGORY: Record<number, EmojiCategory | undefined> = {
  0: "Smileys",
  1: "People",
  3: "Animals",
  4: "Food",
  5: "Objects",
  6: "Activities",
  7: "Objects",
  8: "Symbols",
  9: "Symbols",
};

interface CompactEmoji {
  unicode: string;
  label: string;
  group?: number;
  order?: number;
  tags?: string[];
}

/** Maps emojibase's compact data to picker entries (pure, testable). */
export function toPickerEmoji(data: readonly CompactEmoji[]): PickerEmoji[] {
  const out: PickerEmoji[] = [];
  for (const item of data) {
    const category = item.group === undefined ? undefined : GROUP_TO_CATEGORY[item.group];
    if (!category) continue;
    out.push({ emoji: item.unicode, label: item.label, tags: item.tags ?? [], category });
  }
  return out;
}

/** Filters by label or tag (case-insensitive, every word must match). */
export function searchEmoji(list: readonly PickerEmoji[], query: string): PickerEmoji[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...list];
  return list.filter((item) =>
    words.every(
      (word) =>
        item.label.toLowerCase().includes(word) || item.tags.some((tag) => tag.includes(word)),
    ),
  );
}

let cache: Promise<PickerEmoji[]> | null = null;

/** Loads the emoji list lazily (the JSON is fetched only when the picker first opens). */
export function loadEmoji(): Promise<PickerEmoji[]> {
  if (!cache) {
    cache = import("emojibase-data/en/compact.json")
      .then((module) => toPickerEmoji((module.default ?? module) as unknown as CompactEmoji[]))
      .catch((error: unknown) => {
        cache = null;
        throw error;
      });
  }
  return cache;
}
