import { useId, useState } from "react";
import { Modal } from "~/ui/modal";

const PRIMARY_BUTTON =
  "rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:opacity-60";
const SECONDARY_BUTTON =
  "rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:border-slate-600 dark:hover:bg-slate-800";

/** A checkbox with its label and a line of explanation under it. */
function Option({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        checked={checked}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 h-4 w-4 accent-blue-700"
      />
      <span>
        <span className="font-semibold">{label}</span>
        <span id={hintId} className="block text-slate-600 dark:text-slate-300">
          {hint}
        </span>
      </span>
    </label>
  );
}

/** Cancel, then the dialog's main button (disabled while its work runs). */
function DialogActions({
  label,
  working,
  onConfirm,
  onCancel,
}: {
  label: string;
  working: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <button type="button" onClick={onCancel} className={SECONDARY_BUTTON}>
        Cancel
      </button>
      <button type="button" disabled={working} onClick={onConfirm} className={PRIMARY_BUTTON}>
        {label}
      </button>
    </div>
  );
}

/**
 * File › Back up all documents…: what the backup holds, whether it carries the version
 * history too, and the button that writes it.
 */
export function BackupDialog({
  onBackUp,
  onClose,
}: {
  onBackUp: (options: { withHistory: boolean }) => Promise<void>;
  onClose: () => void;
}) {
  const [withHistory, setWithHistory] = useState(false);
  const [working, setWorking] = useState(false);
  return (
    <Modal title="Back up all documents" onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm leading-relaxed">
          One .zip file with every tab and the simple editor’s document as plain text files, with
          their names, their order and the settings of both editors. Any zip tool opens it, and File
          › Restore from backup… reads it back into this or another browser.
        </p>
        <Option
          label="Include version history"
          hint="Every kept version of each document, one text file each. The backup gets larger."
          checked={withHistory}
          onChange={setWithHistory}
        />
        <DialogActions
          label={working ? "Backing up…" : "Back up"}
          working={working}
          onConfirm={() => {
            setWorking(true);
            void onBackUp({ withHistory }).finally(onClose);
          }}
          onCancel={onClose}
        />
      </div>
    </Modal>
  );
}

/**
 * File › Restore from backup…: how a restore merges (never overwriting), what else to bring
 * back, and the button that chooses the backup file (the picker needs that click).
 */
export function RestoreDialog({
  onRestore,
  onClose,
}: {
  onRestore: (options: { withHistory: boolean; withSettings: boolean }) => Promise<boolean>;
  onClose: () => void;
}) {
  const [withHistory, setWithHistory] = useState(true);
  const [withSettings, setWithSettings] = useState(false);
  const [working, setWorking] = useState(false);
  return (
    <Modal title="Restore from backup" onClose={onClose}>
      <div className="space-y-4">
        <p className="text-sm leading-relaxed">
          Each document in the backup opens as a new tab. Nothing open is changed: a tab with the
          same name and other text stays as it is, and the backup’s version opens beside it.
          Documents already open with the same text are skipped.
        </p>
        <Option
          label="Restore version history"
          hint="Kept versions in the backup return to each restored document’s history."
          checked={withHistory}
          onChange={setWithHistory}
        />
        <Option
          label="Restore settings"
          hint="Font, text size, word wrap, line numbers and the simple editor’s theme, as they were when the backup was made."
          checked={withSettings}
          onChange={setWithSettings}
        />
        <DialogActions
          label={working ? "Restoring…" : "Choose backup file…"}
          working={working}
          onConfirm={() => {
            setWorking(true);
            void onRestore({ withHistory, withSettings }).then((picked) => {
              if (picked) onClose();
              else setWorking(false);
            });
          }}
          onCancel={onClose}
        />
      </div>
    </Modal>
  );
}
