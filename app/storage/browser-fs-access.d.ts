// browser-fs-access exports both implementations of each call (see its dist/index.modern.js),
// but its type file declares only the combined ones, which choose once, at import. Plainpad
// chooses per call (a picker intercepted by an automation tool falls back to the file input).
import "browser-fs-access";

declare module "browser-fs-access" {
  /** fileOpen through the File System Access API (files carry their handles). */
  export const fileOpenModern: typeof fileOpen;
  /** fileSave through the File System Access API. */
  export const fileSaveModern: typeof fileSave;
}
