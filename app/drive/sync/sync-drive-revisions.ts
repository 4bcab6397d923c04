/** A file's kept revisions (revisions.list, revisions.get with alt=media). */
import { driveRequest, type DriveHttpContext } from "../http";
import { DRIVE_FILES_URL, SHORT_TIMEOUT_MS } from "../rest";

function fileUrl(base: string, id: string): string {
  return `${base}/${encodeURIComponent(id)}`;
}

/** One kept revision of a file's content (revisions.list). */
export interface FileRevision {
  id: string;
  md5Checksum?: string;
}

/** Every kept revision of a file, oldest first (revisions.list, all pages). */
export async function listRevisions(
  context: DriveHttpContext,
  fileId: string,
): Promise<FileRevision[]> {
  const revisions: FileRevision[] = [];
  let pageToken: string | undefined;
  do {
    const search = new URLSearchParams({
      fields: "nextPageToken,revisions(id,md5Checksum)",
      pageSize: "1000",
    });
    if (pageToken) search.set("pageToken", pageToken);
    const page = await driveRequest(
      context,
      {
        url: `${fileUrl(DRIVE_FILES_URL, fileId)}/revisions?${search}`,
        operation: "metadata",
        timeoutMs: SHORT_TIMEOUT_MS,
      },
      (response) =>
        response.json() as Promise<{ nextPageToken?: string; revisions?: FileRevision[] }>,
    );
    revisions.push(...(page.revisions ?? []));
    pageToken = page.nextPageToken;
  } while (pageToken);
  return revisions;
}

/** The bytes of one kept revision (revisions.get with alt=media). */
export function downloadRevision(
  context: DriveHttpContext,
  fileId: string,
  revisionId: string,
): Promise<Uint8Array> {
  return driveRequest(
    context,
    {
      url: `${fileUrl(DRIVE_FILES_URL, fileId)}/revisions/${encodeURIComponent(revisionId)}?alt=media`,
      operation: "content",
      timeoutMs: 120_000,
    },
    async (response) => new Uint8Array(await response.arrayBuffer()),
  );
}
