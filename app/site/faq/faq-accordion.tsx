import { ChevronDown } from "lucide-react";
import type { FaqItem } from "./faq-data";
import { UnverifiedAppAnswer } from "./unverified-app-answer";

/** The id of the entry whose answer is the custom step-by-step explanation. */
export const UNVERIFIED_APP_ID = "unverified-app";

function PlainAnswer({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((paragraph) => paragraph.trim())
        .filter(Boolean)
        .map((paragraph) => (
          <p key={paragraph} className="mb-3 last:mb-0">
            {paragraph}
          </p>
        ))}
    </>
  );
}

/**
 * The FAQ list: one question open at a time (`openId`; clicking the open one closes it). Each
 * question is a button with aria-expanded / aria-controls; closed answers stay in the HTML but
 * are hidden.
 */
export function FaqAccordion({
  items,
  openId,
  onToggle,
}: {
  items: readonly FaqItem[];
  openId: string | null;
  onToggle: (id: string) => void;
}) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `faq-q-${item.id}`;
        const panelId = `faq-a-${item.id}`;
        return (
          <li
            key={item.id}
            className={`rounded-2xl border bg-white shadow-sm dark:bg-slate-900 ${
              open
                ? "border-blue-300 dark:border-blue-700"
                : "border-slate-200 dark:border-slate-700"
            }`}
          >
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => onToggle(item.id)}
                className="flex w-full items-start justify-between gap-4 rounded-2xl px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:text-white dark:hover:bg-slate-800"
              >
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`mt-0.5 h-5 w-5 shrink-0 text-slate-500 transition-transform dark:text-slate-400 ${open ? "rotate-180" : ""}`}
                />
              </button>
            </h3>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!open}
              className="max-w-prose px-5 pb-5 text-slate-700 dark:text-slate-300"
            >
              <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-blue-700 dark:text-blue-300">
                {item.category}
              </p>
              {item.id === UNVERIFIED_APP_ID ? (
                <UnverifiedAppAnswer />
              ) : (
                <PlainAnswer text={item.answer} />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
