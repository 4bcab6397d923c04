import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import {
  EMOJI_CATEGORIES,
  type EmojiCategory,
  loadEmoji,
  type PickerEmoji,
  searchEmoji,
} from "./emoji-data";
import { Modal } from "~/ui/modal";
import {
  CHARACTER_CATEGORIES,
  type CharacterCategory,
  SPECIAL_CHARACTERS,
} from "./special-characters";

/** Arrow-key movement inside a grid of buttons with `columns` per row. */
function onGridKeyDown(event: KeyboardEvent<HTMLDivElement>, columns: number) {
  const buttons = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button"));
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const moves: Record<string, number> = {
    ArrowRight: 1,
    ArrowLeft: -1,
    ArrowDown: columns,
    ArrowUp: -columns,
  };
  const delta = moves[event.key];
  if (delta === undefined) return;
  event.preventDefault();
  const next = Math.max(0, Math.min(buttons.length - 1, index + delta));
  buttons[next]?.focus();
}

function CategoryTabs<T extends string>({
  categories,
  selected,
  onSelect,
  label,
}: {
  categories: readonly T[];
  selected: T | null;
  onSelect: (category: T) => void;
  label: string;
}) {
  return (
    <div role="group" aria-label={label} className="mb-3 flex flex-wrap gap-1">
      {categories.map((category) => (
        <button
          key={category}
          type="button"
          aria-pressed={selected === category}
          onClick={() => onSelect(category)}
          className={`rounded-full px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-blue-600 ${
            selected === category
              ? "bg-blue-700 text-white"
              : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-700 dark:text-slate-100 dark:hover:bg-slate-600"
          }`}
        >
          {category}
        </button>
      ))}
    </div>
  );
}

/** Emoji picker: seven categories, 8 per row, a search box; emoji data loads when it opens. */
export function EmojiPicker({
  onInsert,
  onClose,
}: {
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const [all, setAll] = useState<PickerEmoji[] | null>(null);
  const [error, setError] = useState(false);
  const [category, setCategory] = useState<EmojiCategory>("Smileys");
  const [query, setQuery] = useState("");
  useEffect(() => {
    let alive = true;
    loadEmoji()
      .then((list) => alive && setAll(list))
      .catch(() => alive && setError(true));
    return () => {
      alive = false;
    };
  }, []);
  const shown = useMemo(() => {
    if (!all) return [];
    return query.trim()
      ? searchEmoji(all, query).slice(0, 400)
      : all.filter((item) => item.category === category);
  }, [all, category, query]);

  return (
    <Modal title="Insert emoji" onClose={onClose} wide>
      <label className="mb-3 block text-sm font-medium">
        Search emoji
        <input
          type="search"
          data-autofocus
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="e.g. smile, heart, pizza"
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-white"
        />
      </label>
      <CategoryTabs
        categories={EMOJI_CATEGORIES}
        selected={query.trim() ? null : category}
        onSelect={(next) => {
          setQuery("");
          setCategory(next);
        }}
        label="Emoji categories"
      />
      {error ? (
        <p role="alert">The emoji list could not be loaded. Check your connection and try again.</p>
      ) : !all ? (
        <p>Loading emoji…</p>
      ) : shown.length === 0 ? (
        <p>No emoji match “{query}”.</p>
      ) : (
        <div
          className="grid grid-cols-8 gap-1"
          data-testid="emoji-grid"
          onKeyDown={(event) => onGridKeyDown(event, 8)}
        >
          {shown.map((item) => (
            <button
              key={item.emoji + item.label}
              type="button"
              aria-label={item.label}
              title={item.label}
              onClick={() => onInsert(item.emoji)}
              style={{
                fontFamily: '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif',
              }}
              className="flex aspect-square items-center justify-center rounded-md text-2xl hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-700"
            >
              {item.emoji}
            </button>
          ))}
        </div>
      )}
    </Modal>
  );
}

/** Special-character map: six categories, 10 per row, each button named by its Unicode name. */
export function CharacterMap({
  onInsert,
  onClose,
}: {
  onInsert: (text: string) => void;
  onClose: () => void;
}) {
  const [category, setCategory] = useState<CharacterCategory>("Common");
  const gridRef = useRef<HTMLDivElement>(null);
  return (
    <Modal title="Insert special character" onClose={onClose} wide>
      <CategoryTabs
        categories={CHARACTER_CATEGORIES}
        selected={category}
        onSelect={setCategory}
        label="Character categories"
      />
      <div
        ref={gridRef}
        className="grid grid-cols-10 gap-1"
        data-testid="char-grid"
        onKeyDown={(event) => onGridKeyDown(event, 10)}
      >
        {SPECIAL_CHARACTERS[category].map((item) => (
          <button
            key={item.char}
            type="button"
            aria-label={item.name}
            title={item.name}
            onClick={() => onInsert(item.char)}
            className="flex aspect-square items-center justify-center rounded-md border border-slate-200 text-lg text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-white dark:hover:bg-slate-700"
          >
            {item.char}
          </button>
        ))}
      </div>
    </Modal>
  );
}
