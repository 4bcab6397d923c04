/**
 * Both sides of a conflict stay visible on every computer (issue 50 §2), like a cloud drive's
 * "conflicted copy". The computer that meets the conflict keeps its text in the file and opens
 * Drive's text beside it as a synced tab with a Drive file of its own ("Notes (Drive copy)"),
 * whose id it asks for first (files.generateIds). It marks the file with appProperties: the
 * checksum of the text it replaced and the copy's id. A computer whose last synced text has
 * that checksum had its lines replaced: it is told in words and opens the copy too.
 */
import { fileBytes, driveCopyName } from "./merge";
import { contentMd5 } from "./content-md5";
import { listRevisions, setAppProperties, uploadBytes, type SyncFileMeta } from "./sync-drive";
import { conflictNotice, replacedNotice } from "./sync-messages";
import type { TabRunContext } from "./tab-run-context";
import type { SyncTab } from "./sync-types";
import { withDefaultExtension } from "~/text/file-name";

/** appProperties key: the MD5 of the text a conflict replaced in this file. */
export const REPLACED_KEY = "plainpadReplacedMd5";
/** appProperties key: the Drive file holding that text. */
export const COPY_KEY = "plainpadConflictCopy";
/**
 * appProperties keys: the mark of the conflict before the newest one on this file (its
 * checksums and copy), kept when a newer conflict marks it: a computer that synced the text
 * the older one replaced, and has not read the file since, is still told (seed 440).
 */
export const PREVIOUS_REPLACED_KEY = "plainpadPrevReplacedMd5";
export const PREVIOUS_COPY_KEY = "plainpadPrevConflictCopy";

/** A conflict met here: Drive's text and its checksum, and the id for the copy's file. */
export interface KeptCopy {
  text: string;
  md5: string | null;
  copyId: string;
  /**
   * Checksums of the revisions between this computer's base and Drive's text, newest first:
   * each was another writer's text whose lines the conflict replaced (a computer that synced
   * one, then Drive's editor added a line, must still be told).
   */
  earlier?: readonly string[];
  /** The file's marks when the conflict was met (an older conflict's mark is kept). */
  marks?: Readonly<Record<string, string>>;
}

/** Drive takes 124 bytes for an appProperty's key and value: three checksums fit. */
const MAX_REPLACED = 3;

/**
 * Opens Drive's text beside the tab as a synced tab (its file is made at once when Drive
 * answers, else by the tab's own next run, with the same id), and says so.
 */
export async function openConflictCopy(
  context: TabRunContext,
  tab: SyncTab,
  kept: KeptCopy,
): Promise<void> {
  const copyName = driveCopyName(tab.name);
  const copyTab = context.openDriveCopy(tab.id, copyName, kept.text, {
    id: kept.copyId,
    md5: null,
  });
  context.host.notify(conflictNotice(tab.name, copyName));
  try {
    const bytes = fileBytes(kept.text, tab.encoding, tab.lineEnding);
    const meta = await uploadBytes(context.http, {
      fileId: null,
      newId: kept.copyId,
      name: withDefaultExtension(copyName),
      bytes,
      mimeType: "text/plain",
      parentId: await context.folder(),
    });
    context.copyMade(copyTab, kept.text, meta, withDefaultExtension(copyName));
  } catch {
    // The copy tab's own run makes the file (same id); its text is safe in the tab.
  }
}

/**
 * Checksums of the file's revisions after the last one of checksum `baseMd5`, before `headMd5`,
 * newest first: texts other writers synced that a conflict meeting `headMd5` replaces too.
 * Best effort: none when the revisions cannot be listed (the mark still names `headMd5`).
 */
export async function revisionsAfter(
  context: TabRunContext,
  fileId: string,
  baseMd5: string | null,
  headMd5: string | null,
): Promise<string[]> {
  if (!baseMd5 || !headMd5) return [];
  const revisions = await listRevisions(context.http, fileId).catch(() => []);
  const checksums = revisions.map((revision) => revision.md5Checksum ?? "");
  const head = checksums.lastIndexOf(headMd5);
  const base = checksums.slice(0, Math.max(head, 0)).lastIndexOf(baseMd5);
  if (head < 0 || base < 0) return [];
  return checksums
    .slice(base + 1, head)
    .filter((md5) => md5 !== "" && md5 !== baseMd5 && md5 !== headMd5)
    .reverse();
}

/**
 * Marks the file: the text of checksum `kept.md5` was replaced, and where it is kept. `also`:
 * the checksum our upload replaced, when a revision came after the conflict and was merged
 * (a computer that synced that one lost the same lines): both, comma-separated.
 */
export async function markReplaced(
  context: TabRunContext,
  fileId: string,
  kept: KeptCopy,
  also?: string | null,
): Promise<void> {
  const marks = replacedMarks(kept, also);
  if (marks) await setAppProperties(context.http, fileId, marks);
}

/**
 * The appProperties of {@link markReplaced}, or null when the replaced text's checksum is not
 * known. They also go with the upload that replaces the text (in its metadata): a computer
 * reading the file between that upload and the mark's own write would take the new text
 * without a word (three computers, randomized seeds 304 and 440).
 */
export function replacedMarks(kept: KeptCopy, also?: string | null): Record<string, string> | null {
  if (!kept.md5) return null;
  const replaced = [...new Set([kept.md5, ...(also ? [also] : []), ...(kept.earlier ?? [])])];
  const marks = {
    [REPLACED_KEY]: replaced.slice(0, MAX_REPLACED).join(","),
    [COPY_KEY]: kept.copyId,
  };
  const older = kept.marks;
  const olderCopy = older?.[COPY_KEY];
  if (!older?.[REPLACED_KEY] || !olderCopy || olderCopy === kept.copyId) return marks;
  return { ...marks, [PREVIOUS_REPLACED_KEY]: older[REPLACED_KEY], [PREVIOUS_COPY_KEY]: olderCopy };
}

/**
 * When Drive's file says the text this computer last synced (checksum `baseMd5`) was replaced
 * in a conflict elsewhere: opens the copy holding it (unless a tab holds it already) and tells
 * the person in words.
 */
export function noticeReplaced(
  context: TabRunContext,
  tab: SyncTab,
  meta: SyncFileMeta | null,
  base: { text: string | null; md5: string | null },
): void {
  const marks = meta?.appProperties;
  const md5 = base.md5;
  if (!marks || !md5 || base.text === null) return;
  // The newest conflict's mark, then the one before it.
  const copyKey = [
    [REPLACED_KEY, COPY_KEY],
    [PREVIOUS_REPLACED_KEY, PREVIOUS_COPY_KEY],
  ].find(([replaced, copy]) => marks[copy] && marks[replaced]?.split(",").includes(md5))?.[1];
  const copyId = copyKey && marks[copyKey];
  if (!copyId) return;
  if (context.host.listTabs().some((open) => open.driveFileId === copyId)) return;
  const copyName = driveCopyName(tab.name);
  const bytesMd5 = contentMd5(fileBytes(base.text, tab.encoding, tab.lineEnding));
  context.openDriveCopy(tab.id, copyName, base.text, { id: copyId, md5: bytesMd5 });
  context.host.notify(replacedNotice(tab.name, copyName));
}
