/**
 * The Google Picker, limited to the user's own plain-text files: one file, no folders.
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
  /** Cloud project number; set on the picker when known. */
  appId: string;
}

/**
 * Shows the picker and resolves with the picked file, or null when the user cancels.
 * `pickerApi` is `google.picker` (loaded by google-scripts.ts).
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
    let builder = new pickerApi.PickerBuilder()
      .addView(view)
      .setOAuthToken(options.oauthToken)
      .setDeveloperKey(options.developerKey)
      .setCallback((result: google.picker.ResponseObject) => {
        const action = result.action;
        if (action === "picked") {
          const doc = result.docs?.[0];
          if (!doc?.id) {
            reject(new PickerError());
            return;
          }
          resolve({ id: doc.id, name: doc.name || doc.id });
        } else if (action === "cancel") {
          resolve(null);
        } else if (action === "error") {
          reject(new PickerError());
        }
        // "loaded" and other progress actions: keep waiting.
      });
    if (options.appId) builder = builder.setAppId(options.appId);
    builder.build().setVisible(true);
  });
}
