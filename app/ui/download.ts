// Downloads are how a document leaves the browser where no file can be written; they live in
// storage/ so the save flow (app/document) can use them too.
export { downloadBlob, downloadText } from "~/storage/download";
