import { useEffect, useState } from "react";
import { readStorageHealth, storageAdvice } from "~/storage/storage-health";

/** Help › About's Storage part: room used and left, whether the browser may clear it. */
export function StorageHealthSection({ onBackUp }: { onBackUp: () => void }) {
  const [advice, setAdvice] = useState<string[] | null>(null);
  useEffect(() => {
    let live = true;
    void readStorageHealth().then((health) => live && setAdvice(storageAdvice(health)));
    return () => {
      live = false;
    };
  }, []);
  return (
    <section aria-labelledby="storage-health-title" className="space-y-2">
      <h3 id="storage-health-title" className="font-semibold">
        Storage
      </h3>
      {advice ? advice.map((line) => <p key={line}>{line}</p>) : <p>Checking storage…</p>}
      <button
        type="button"
        onClick={onBackUp}
        className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        Back up all documents
      </button>
    </section>
  );
}
