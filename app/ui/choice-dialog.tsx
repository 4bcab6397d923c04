import { create } from "zustand";
import { Modal } from "./modal";

/** One answer of a question dialog. */
export interface Choice<T extends string> {
  id: T;
  label: string;
  /** Shown as the main button. */
  primary?: boolean;
  /** Focused when the dialog opens (choose the safe answer). */
  initialFocus?: boolean;
}

/** A question with a few answers. */
export interface Question<T extends string> {
  title: string;
  message: string;
  choices: readonly Choice<T>[];
  /** The answer when the dialog is closed without choosing (Escape, the close button). */
  dismissed: T;
}

interface PendingQuestion {
  question: Question<string>;
  answer: (id: string) => void;
}

const useQuestionStore = create<{ pending: PendingQuestion | null }>(() => ({ pending: null }));

/**
 * Asks the user a question in a modal dialog and resolves with the chosen answer: the
 * promise-returning dialog both editors use where a browser `confirm()` has too few buttons
 * (a file changed on disk: overwrite, save as a new file, reload, cancel). Needs a
 * `<QuestionDialogHost />` on the page.
 */
export function askQuestion<T extends string>(question: Question<T>): Promise<T> {
  return new Promise((resolve) => {
    // A question asked while another is open answers the older one with its dismissal.
    const older = useQuestionStore.getState().pending;
    older?.answer(older.question.dismissed);
    useQuestionStore.setState({
      pending: {
        question,
        answer: (id) => {
          useQuestionStore.setState({ pending: null });
          resolve(id as T);
        },
      },
    });
  });
}

/** Renders the open question of `askQuestion`, if any. */
export function QuestionDialogHost() {
  const pending = useQuestionStore((s) => s.pending);
  if (!pending) return null;
  const { question, answer } = pending;
  return (
    <Modal title={question.title} onClose={() => answer(question.dismissed)}>
      <p className="text-sm text-slate-700 dark:text-slate-200">{question.message}</p>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        {question.choices.map((choice) => (
          <button
            key={choice.id}
            type="button"
            data-autofocus={choice.initialFocus || undefined}
            onClick={() => answer(choice.id)}
            className={
              choice.primary
                ? "rounded-lg bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400"
                : "rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
            }
          >
            {choice.label}
          </button>
        ))}
      </div>
    </Modal>
  );
}

/** The question when a file changed on disk since Plainpad read or last wrote it. */
export function askChangedOnDisk(
  fileName: string,
): Promise<"overwrite" | "save-as" | "reload" | "cancel"> {
  return askQuestion({
    title: `"${fileName}" changed on disk`,
    message: `Another program changed "${fileName}" after Plainpad opened or last saved it. Saving now would replace those changes. Reloading shows the file as it is on disk; your text here stays one undo (Ctrl+Z) away.`,
    choices: [
      { id: "cancel", label: "Cancel", initialFocus: true },
      { id: "reload", label: "Reload from disk" },
      { id: "save-as", label: "Save as a new file" },
      { id: "overwrite", label: "Overwrite", primary: true },
    ],
    dismissed: "cancel",
  });
}
