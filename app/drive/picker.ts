/**
 * The Google Picker, limited to the user's own plain-text files: one file, no folders. It is
 * built with the app id (the Cloud project number): with the drive.file scope, Google lets the
 * app read and write a picked file only when the Picker that picked it carried the app id.
 */
import { PickerError } from "./errors";

/** What the user picked. `name` falls back to the id when the picker gives none. */
export interface PickedFile {
  id: string;
  name: string;
}

/** Options of one picker run. */
export interface PickerOptions {
  oauthToken: string;
  developerKey: string;
  /** Cloud project number (required by the config). */
  appId: string;
}

/**
 * Shows the picker and resolves with the picked file, or null when the user cancels. The picker
 * is disposed once it answered (its iframe and listeners would otherwise stay in the page, one
 * more per open). `pickerApi` is `google.picker` (loaded by google-scripts.ts).
 */
export function showPicker(
  pickerApi: typeof google.picker,
  options: PickerOptions,
): Promise<PickedFile | null> {
  return new Promise<PickedFile | null>((resolve, reject) => {
    const view = new pickerApi.DocsView()
      .setMimeTypes("text/plain")
      .setOwnedByMe(true)
      .setIncludeFolders(false)
      .setSelectFolderEnabled(false);
    let picker: google.picker.Picker | null = null;
    const dispose = () => {
      try {
        picker?.dispose();
      } catch {
        // Already gone: nothing left to free.
      }
      picker = null;
    };
    const builder = new pickerApi.PickerBuilder()
      .addView(view)
      .setOAuthToken(options.oauthToken)
      .setDeveloperKey(options.developerKey)
      .setCallback((result: google.picker.ResponseObject) => {
        const action = result.action;
        if (action === "picked") {
          dispose();
          const doc = result.docs?.[0];
          if (!doc?.id) {
            reject(new PickerError());
            return;
          }
          resolve({ id: doc.id, name: doc.name || doc.id });
        } else if (action === "cancel") {
          dispose();
          resolve(null);
        } else if (action === "error") {
          dispose();
          reject(new PickerError());
        }
        // "loaded" and other progress actions: keep waiting.
      })
      .setAppId(options.appId);
    picker = builder.build();
    picker.setVisible(true);
  });
}
