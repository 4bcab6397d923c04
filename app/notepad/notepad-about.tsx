import { useCallback, useEffect, useState } from "react";
import { readStorageHealth, type StorageHealth, storageAdvice } from "~/storage/storage-health";
import { requestPersistence } from "~/storage/storage-persistence";
import { Modal } from "~/ui/modal";

const ANSWERS = {
  granted: "The browser agreed: it will not clear Plainpad's storage on its own.",
  denied:
    "The browser said no. Chrome and Edge agree for sites you use often, bookmark or install; Firefox asks you. Until then, keep backups.",
  unsupported: "This browser cannot be asked to keep site storage. Keep backups.",
} as const;

/**
 * Help › About's Storage part: room used and left, whether the browser keeps the storage for
 * good (and a button that asks it to, from a click, which Firefox turns into its prompt).
 */
export function StorageHealthSection({ onBackUp }: { onBackUp: () => void }) {
  const [health, setHealth] = useState<StorageHealth | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const refresh = useCallback(() => readStorageHealth().then(setHealth), []);
  useEffect(() => {
    let live = true;
    void readStorageHealth().then((value) => live && setHealth(value));
    return () => {
      live = false;
    };
  }, []);
  const canAsk =
    health !== null &&
    health.persisted !== true &&
    typeof navigator !== "undefined" &&
    typeof navigator.storage?.persist === "function";
  const ask = async () => {
    setAsking(true);
    const outcome = await requestPersistence("user");
    setAsking(false);
    setAnswer(ANSWERS[outcome]);
    await refresh();
  };
  return (
    <section aria-labelledby="storage-health-title" className="space-y-2">
      <h3 id="storage-health-title" className="font-semibold">
        Storage
      </h3>
      {health ? (
        <>
          <p>
            <strong>Kept for good: </strong>
            {health.persisted === true ? "yes" : health.persisted === false ? "no" : "unknown"}
          </p>
          {storageAdvice(health).map((line) => (
            <p key={line}>{line}</p>
          ))}
        </>
      ) : (
        <p>Checking storage…</p>
      )}
      {answer && <p role="status">{answer}</p>}
      <div className="flex flex-wrap gap-2">
        {canAsk && (
          <button
            type="button"
            onClick={() => void ask()}
            disabled={asking}
            className="rounded-md border border-blue-700 px-3 py-1.5 text-sm font-semibold text-blue-800 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60 dark:border-blue-300 dark:text-blue-200 dark:hover:bg-slate-800"
          >
            {asking ? "Asking the browser…" : "Ask the browser to keep it"}
          </button>
        )}
        <button
          type="button"
          onClick={onBackUp}
          className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        >
          Back up all documents
        </button>
      </div>
    </section>
  );
}

/** Help › About: what the notepad keeps, where, and the Storage part. */
export function NotepadAbout({ onBackUp, onClose }: { onBackUp: () => void; onClose: () => void }) {
  return (
    <Modal title="About the notepad" onClose={onClose}>
      <div className="space-y-3 text-sm leading-relaxed">
        <p>
          Plainpad&apos;s online notepad keeps any number of plain-text tabs. Every tab is stored in
          this browser (IndexedDB) within a second of each edit and restored when you come back.
          Nothing is sent to a server.
        </p>
        <p>
          <strong>Clearing your browser&apos;s site data deletes the tabs.</strong> Keep a copy of
          everything with File › Back up all documents… (one .zip you can restore), or save a tab as
          a file with File › Save or Save as….
        </p>
        <p>
          Two windows of the notepad stay in sync; if both change the same tab at once, both
          versions are kept as separate tabs.
        </p>
        <StorageHealthSection onBackUp={onBackUp} />
      </div>
    </Modal>
  );
}
