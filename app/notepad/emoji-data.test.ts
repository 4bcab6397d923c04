import { describe, expect, it } from "vitest";
import data from "emojibase-data/en/compact.json";
import { EMOJI_CATEGORIES, searchEmoji, toPickerEmoji } from "./emoji-data";

describe("emoji data", () => {
  const list = toPickerEmoji(data as never);

  it("offers over 400 emoji in all seven categories", () => {
    expect(list.length).toBeGreaterThan(400);
    for (const category of EMOJI_CATEGORIES) {
      expect(list.filter((item) => item.category === category).length).toBeGreaterThan(10);
    }
  });

  it("searches labels and tags", () => {
    const hits = searchEmoji(list, "pizza");
    expect(hits.map((item) => item.emoji)).toContain("🍕");
    expect(searchEmoji(list, "")).toHaveLength(list.length);
  });
});
