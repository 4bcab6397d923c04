/**
 * THE fake Google Drive (v3 REST) of every Drive test: the engine's unit tests (Node, through
 * drive-model-fetch.ts), the browser tests (page.route / context.route, drive-model-route.ts)
 * and the benchmark (bench/notepad-sync.bench.mjs bundles this file with esbuild). One
 * DriveModel is one Google account's Drive; every computer given it shares it.
 *
 * Faithful to Drive v3 as documented: real MD5 of the bytes; a new headRevisionId for each
 * content upload, every revision kept (revisions.list, revisions.get with alt=media); a changes
 * feed with page tokens (changes.getStartPageToken, changes.list with pageSize, nextPageToken and
 * newStartPageToken; each file once, at its latest change); trashed files still readable and
 * writable (and reported trashed); appProperties (set on create and update, `null` removes a
 * key, `appProperties has { key='k' and value='v' }` in files.list q); files.generateIds and
 * create with such an id; the `fields` selector (what was not asked for is not sent); NO
 * precondition on update (If-Match is ignored: Drive v3 documents none); the documented error
 * bodies (drive-model-errors.ts). The REST side is in drive-model-rest.ts.
 *
 * Faults on demand ({@link ModelFault}): any status with its Drive body, before or after the
 * change was applied; timeouts and lost answers after the change was applied (with only part
 * of an upload's bytes arrived, if asked); answers held until the test lets them go; an upload
 * session that expires; offline; and 401 for every token so far
 * ({@link DriveModel.revokeTokens}). {@link DriveModel.beforeAnswer}
 * lets a test act while a request is in flight (another computer, Drive's own editor).
 */
import { answerRest, expireUploadSession } from "./drive-model-rest";
import {
  FOLDER_MIME,
  MODEL_ACCOUNT_EMAIL,
  errorAnswer,
  md5Hex,
  requestKind,
  type DriveState,
  type FaultEffect,
  type ModelAnswer,
  type ModelFault,
  type ModelFile,
  type ModelRequest,
  type ModelSeen,
  type RequestKind,
} from "./drive-model-types";

export * from "./drive-model-types";

const encoder = new TextEncoder();

/** The fake Drive. Every field is public so tests can look and change. */
export class DriveModel implements DriveState {
  readonly files = new Map<string, ModelFile>();
  /** Change log: file ids in order; a page token is a position in it. */
  readonly changeLog: string[] = [];
  readonly seen: ModelSeen[] = [];
  faults: ModelFault[] = [];
  /** Tokens Google takes; null: any. A token not in it gets 401 authError. */
  acceptedTokens: Set<string> | null = null;
  /** Tokens handed out by {@link grantToken} so far. */
  tokensGranted = 0;
  /** Total bytes the Drive holds at most (a full Drive answers storageQuotaExceeded). */
  quotaBytes = Number.POSITIVE_INFINITY;
  /** The account's address, as Google's userinfo endpoint answers it. */
  accountEmail = MODEL_ACCOUNT_EMAIL;
  /** Called with each request before it is answered (and awaited): act while it is in flight. */
  beforeAnswer: ((request: ModelRequest, kind: RequestKind) => void | Promise<void>) | null = null;
  /** Ids handed out by files.generateIds, not yet used. */
  readonly generatedIds = new Set<string>();
  private nextId = 1;
  private nextRevision = 1;
  private clock = Date.UTC(2026, 0, 1);

  /** A new id, as files.generateIds or files.create would give. */
  newId(prefix = "file"): string {
    return `${prefix}-${this.nextId++}`;
  }

  /** Adds a file as another app (or Drive's own editor) would; returns it. */
  addFile(
    name: string,
    content: string | Uint8Array,
    options: {
      parents?: string[];
      mimeType?: string;
      id?: string;
      appProperties?: Record<string, string>;
    } = {},
  ): ModelFile {
    const mimeType = options.mimeType ?? "text/plain";
    const folder = mimeType === FOLDER_MIME;
    const id = options.id ?? this.newId(folder ? "folder" : "file");
    const file: ModelFile = {
      id,
      name,
      mimeType,
      parents: options.parents ?? [],
      bytes: new Uint8Array(),
      md5Checksum: "",
      modifiedTime: "",
      createdTime: "",
      headRevisionId: "",
      trashed: false,
      canEdit: true,
      appProperties: { ...options.appProperties },
      revisions: [],
    };
    this.files.set(id, file);
    if (folder) this.touch(file);
    else this.writeContent(file, typeof content === "string" ? encoder.encode(content) : content);
    file.createdTime = file.modifiedTime;
    return file;
  }

  /** Adds a folder; returns it. */
  addFolder(name: string, parents: string[] = []): ModelFile {
    return this.addFile(name, "", { parents, mimeType: FOLDER_MIME });
  }

  /** Changes a file's content elsewhere (another computer, Drive's own editor): a new revision. */
  editFile(id: string, content: string | Uint8Array): void {
    this.writeContent(
      this.mustGet(id),
      typeof content === "string" ? encoder.encode(content) : content,
    );
  }

  /** Renames a file elsewhere. */
  renameFile(id: string, name: string): void {
    const file = this.mustGet(id);
    file.name = name;
    this.touch(file);
  }

  /** Puts a file in the bin (it can still be read and written, as in Drive). */
  trash(id: string): void {
    this.mustGet(id).trashed = true;
    this.touch(this.mustGet(id));
  }

  /** Takes a file out of the bin. */
  untrash(id: string): void {
    this.mustGet(id).trashed = false;
    this.touch(this.mustGet(id));
  }

  /** Deletes a file for good (the changes feed reports it removed). */
  deleteFile(id: string): void {
    this.files.delete(id);
    this.changeLog.push(id);
  }

  /** The file's content as UTF-8 text. */
  text(id: string): string {
    return new TextDecoder().decode(this.mustGet(id).bytes);
  }

  /** A kept revision's content as UTF-8 text. */
  revisionText(id: string, revisionId: string): string {
    const revision = this.mustGet(id).revisions.find((r) => r.id === revisionId);
    if (!revision) throw new Error(`no revision ${revisionId} of ${id}`);
    return new TextDecoder().decode(revision.bytes);
  }

  /** Every revision's content of a file as UTF-8 text, oldest first. */
  revisionTexts(id: string): string[] {
    return this.mustGet(id).revisions.map((r) => new TextDecoder().decode(r.bytes));
  }

  /** Files (not folders, not trashed) in a folder. */
  filesIn(folderId: string): ModelFile[] {
    return [...this.files.values()].filter(
      (f) => !f.trashed && f.mimeType !== FOLDER_MIME && f.parents.includes(folderId),
    );
  }

  /** Every file (not a folder), oldest first, besides those with an id in `except`. */
  fileList(except: string[] = []): ModelFile[] {
    return [...this.files.values()].filter(
      (f) => f.mimeType !== FOLDER_MIME && !except.includes(f.id),
    );
  }

  /** Folders (not trashed) named `name`. */
  foldersNamed(name: string): ModelFile[] {
    return [...this.files.values()].filter(
      (f) => !f.trashed && f.mimeType === FOLDER_MIME && f.name === name,
    );
  }

  /** The file (not a folder, not trashed) named `name`, or undefined. */
  fileNamed(name: string): ModelFile | undefined {
    return [...this.files.values()].find(
      (f) => f.name === name && f.mimeType !== FOLDER_MIME && !f.trashed,
    );
  }

  /** Texts of the files in the (first, not trashed) folder named `folderName`, by file name. */
  textsIn(folderName = "Plainpad Documents"): Record<string, string> {
    const folder = this.foldersNamed(folderName)[0];
    const texts: Record<string, string> = {};
    if (folder) for (const file of this.filesIn(folder.id)) texts[file.name] = this.text(file.id);
    return texts;
  }

  /** Requests seen of a kind (or all). */
  count(kind?: RequestKind): number {
    return kind ? this.seen.filter((s) => s.kind === kind).length : this.seen.length;
  }

  /** A new token Google takes (what the fake sign-in hands out). */
  grantToken(prefix = "ya29.MODEL"): string {
    this.tokensGranted += 1;
    const token = `${prefix}-${this.tokensGranted}`;
    this.acceptedTokens?.add(token);
    return token;
  }

  /** Google stops taking every token given so far (expired or revoked): 401 until a new one. */
  revokeTokens(): void {
    this.acceptedTokens = new Set();
  }

  /** Lets a token in (a computer signed in again). */
  acceptToken(token: string): void {
    this.acceptedTokens?.add(token);
  }

  /** Bytes held by every file's head revision. */
  usedBytes(): number {
    let total = 0;
    for (const file of this.files.values()) total += file.bytes.byteLength;
    return total;
  }

  mustGet(id: string): ModelFile {
    const file = this.files.get(id);
    if (!file) throw new Error(`no file ${id}`);
    return file;
  }

  /** Records a change of the file (metadata or content) in the feed, and its time. */
  touch(file: ModelFile): void {
    this.clock += 1000;
    file.modifiedTime = new Date(this.clock).toISOString();
    this.changeLog.push(file.id);
  }

  /** New content: a new head revision (even with the same bytes, as an upload makes in Drive). */
  writeContent(file: ModelFile, bytes: Uint8Array): void {
    file.bytes = bytes;
    file.md5Checksum = md5Hex(bytes);
    this.touch(file);
    file.headRevisionId = `rev-${this.nextRevision++}`;
    file.revisions.push({
      id: file.headRevisionId,
      bytes,
      md5Checksum: file.md5Checksum,
      modifiedTime: file.modifiedTime,
      mimeType: file.mimeType,
    });
  }

  /** Takes the first fault that matches this request (counting down its skip and times). */
  private takeFault(kind: RequestKind, fileId: string | null): ModelFault | null {
    for (let i = 0; i < this.faults.length; i++) {
      const fault = this.faults[i];
      if (fault.kind !== kind && fault.kind !== "any") continue;
      if (fault.fileId !== undefined && fault.fileId !== fileId) continue;
      if ((fault.skip ?? 0) > 0) {
        fault.skip = (fault.skip ?? 0) - 1;
        continue;
      }
      fault.times = (fault.times ?? 1) - 1;
      if (fault.times <= 0) this.faults.splice(i, 1);
      return fault;
    }
    return null;
  }

  /** Answers one request (faults first, then the REST side). */
  async answer(request: ModelRequest): Promise<ModelAnswer> {
    const url = new URL(request.url);
    const { kind, fileId } = requestKind(request.method, url);
    if (this.beforeAnswer) await this.beforeAnswer(request, kind);
    const token = (request.headers["authorization"] ?? "").replace(/^Bearer /, "");
    let answer: ModelAnswer;
    let met: FaultEffect | undefined;
    if (this.acceptedTokens && !this.acceptedTokens.has(token)) {
      answer = errorAnswer(401, "authError");
    } else {
      const fault = this.takeFault(kind, fileId);
      met = fault ? (fault.effect ?? "error") : undefined;
      if (fault?.effect === "held") await fault.until;
      answer = fault ? this.faulted(fault, request, url, fileId) : answerRest(this, request, url);
    }
    this.seen.push({
      method: request.method,
      kind,
      path: url.pathname,
      fileId,
      status: answer.status,
      fault: met,
    });
    return answer;
  }

  private faulted(
    fault: ModelFault,
    request: ModelRequest,
    url: URL,
    fileId: string | null,
  ): ModelAnswer {
    const effect = fault.effect ?? "error";
    if (effect === "offline") return { status: 0, headers: {}, body: "", transport: "offline" };
    if (effect === "held") return answerRest(this, request, url); // late (answer() waited), as usual
    if (effect === "expire") {
      expireUploadSession(this, url.searchParams.get("upload_id") ?? "");
      return errorAnswer(fault.status ?? 404, fault.reason ?? "notFound");
    }
    if (effect !== "error") {
      const arrived =
        fault.keepBytes === undefined ? request.body : request.body.subarray(0, fault.keepBytes);
      answerRest(this, { ...request, body: arrived }, url); // applied
    }
    if (effect === "error" || effect === "error-after-apply") {
      const answer = errorAnswer(fault.status ?? 500, fault.reason ?? "backendError", fileId ?? "");
      if (fault.retryAfter) answer.headers["retry-after"] = String(fault.retryAfter);
      return answer;
    }
    return { status: 0, headers: {}, body: "", transport: effect };
  }
}
