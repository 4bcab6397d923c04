/**
 * The Drive integration layer the editors use: sign in (returns the e-mail), sign out, the
 * initialisation awaited before picking, pick-and-load a text file, and save a name and
 * content. One instance per page, created on first use; Google's code loads when the user
 * points at or focuses a Drive control ({@link Drive.prepare}) or uses one.
 *
 * Methods documented "CALL SYNCHRONOUSLY FROM A CLICK" may open Google's sign-in window and do
 * so before their first `await`: the caller must call them straight from the click (or key)
 * handler, not after awaiting anything, or the browser blocks the window.
 */
import {
  DriveAuth,
  driveScopes,
  type ClickPromptKind,
  type DriveSessionSnapshot,
  type OAuth2Api,
} from "./auth";
import { checkDriveConfig, type DriveConfig, type DriveConfigCheck } from "./config";
import {
  DriveHttpError,
  DriveNotConfiguredError,
  NotSignedInError,
  type DriveConfigProblem,
} from "./errors";
import { loadGoogleIdentity, loadPicker } from "./google-scripts";
import type { DriveHttpContext } from "./http";
import { CLICK_PROMPTS, DRIVE_LABELS } from "./messages";
import { showPicker, type PickedFile, type PickerOptions } from "./picker";
import { getDrivePrompts, type DrivePromptStore } from "./prompt";
import {
  ensureAppFolder,
  fetchUserEmail,
  getFileContent,
  getFileMetadata,
  uploadTextFile,
  type UploadStage,
} from "./rest";
import type { SyncDriveAccess } from "./sync/sync-drive";

/** A file opened from Drive. */
export interface DriveFile {
  id: string;
  name: string;
  content: string;
}

/** What to save: `fileId` null creates a new file in "Plainpad Documents". */
export interface DriveSaveRequest {
  fileId: string | null;
  name: string;
  content: string;
}

/** Replaceable parts (tests); defaults are the real Google libraries. */
export interface DriveDeps {
  /** The checked configuration, or (older callers, tests) a config or null. */
  config: DriveConfigCheck | DriveConfig | null;
  loadOAuth2?: () => Promise<OAuth2Api>;
  loadPickerApi?: (apiKey: string) => Promise<typeof google.picker>;
  pick?: (pickerApi: typeof google.picker, options: PickerOptions) => Promise<PickedFile | null>;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Where the "Reconnect to Google Drive" button is shown (the page's prompt store). */
  prompts?: DrivePromptStore;
}

function toCheck(config: DriveDeps["config"]): DriveConfigCheck {
  if (config === null) return { ok: false, problems: new DriveNotConfiguredError().problems };
  return "ok" in config ? config : { ok: true, config };
}

/** The integration layer. */
export class Drive {
  private auth: DriveAuth | null = null;
  private folderId: string | null = null;
  private readonly check: DriveConfigCheck;
  /**
   * The MIME type of each file opened here: a save sends its text in that type, since Drive
   * takes an upload's type as the file's new one (a `.md` file would become plain text).
   */
  private readonly fileTypes = new Map<string, string>();

  constructor(private readonly deps: DriveDeps) {
    this.check = toCheck(deps.config);
  }

  /** Whether the client id, API key and app id are set (and the app id is a project number). */
  isConfigured(): boolean {
    return this.check.ok;
  }

  /** What is wrong with the configuration ([] when it is complete). */
  configProblems(): readonly DriveConfigProblem[] {
    return this.check.ok ? [] : this.check.problems;
  }

  /** Current session state (signed out while unconfigured). */
  getSnapshot = (): DriveSessionSnapshot => this.auth?.getSnapshot() ?? SIGNED_OUT;

  /** Subscribes to session changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    const auth = this.auth ?? (this.check.ok ? this.session() : null);
    return auth ? auth.subscribe(listener) : () => undefined;
  };

  /** True while a token is held. */
  isSignedIn(): boolean {
    return this.auth?.isSignedIn() ?? false;
  }

  /** True while a token is held and not near its expiry (no sign-in window is needed). */
  hasValidToken(): boolean {
    return this.auth?.hasValidToken() ?? false;
  }

  /**
   * Loads Google's sign-in library and creates the token client, so that a click on a Drive
   * control can open the sign-in window at once. Does nothing when unconfigured; a failure is
   * reported later by the action that needs the library (the promise never rejects). Offline
   * it waits for a later call: the action itself says "You are offline".
   */
  prepare(): Promise<void> {
    if (!this.check.ok || (typeof navigator !== "undefined" && navigator.onLine === false)) {
      return Promise.resolve();
    }
    return this.session()
      .prepare()
      .catch(() => undefined);
  }

  /**
   * Explicit sign-in with the consent prompt; resolves with the e-mail ('' if unknown).
   * CALL SYNCHRONOUSLY FROM A CLICK.
   */
  signIn(): Promise<string> {
    return this.session().signIn();
  }

  /** Revokes and forgets the token. */
  async signOut(): Promise<void> {
    this.folderId = null;
    await this.auth?.signOut();
  }

  /** Loads and initialises gapi (client with the Drive discovery document) and the Picker. */
  async init(): Promise<typeof google.picker> {
    const config = this.requireConfig();
    return (this.deps.loadPickerApi ?? loadPicker)(config.apiKey);
  }

  /**
   * Signs in if needed (empty prompt), shows the picker, then reads the content (alt=media) and
   * metadata of the picked file. Resolves null when the picker or the sign-in is cancelled.
   * CALL SYNCHRONOUSLY FROM A CLICK.
   */
  async pickAndLoadTextFile(): Promise<DriveFile | null> {
    const config = this.requireConfig();
    // First, before any await: the sign-in window may open only inside the click.
    const tokenReady = this.session().getTokenInClick();
    const [pickerApi, token] = await Promise.all([this.init(), tokenReady]);
    const picked = await (this.deps.pick ?? showPicker)(pickerApi, {
      oauthToken: token,
      developerKey: config.apiKey,
      appId: config.appId,
    });
    if (!picked) return null;
    const context = this.httpContext();
    const [content, metadata] = await Promise.all([
      getFileContent(context, picked.id),
      getFileMetadata(context, picked.id),
    ]);
    if (metadata.mimeType) this.fileTypes.set(picked.id, metadata.mimeType);
    return { id: picked.id, name: metadata.name || picked.name || picked.id, content };
  }

  /**
   * Creates (into "Plainpad Documents", made on first use) or updates the file; resolves with
   * its id. Needs a signed-in session ({@link NotSignedInError} otherwise). A token that
   * expired is renewed first. CALL SYNCHRONOUSLY FROM A CLICK.
   */
  async saveTextFile(
    request: DriveSaveRequest,
    onStage?: (stage: UploadStage) => void,
  ): Promise<string> {
    this.requireConfig();
    if (!this.isSignedIn()) throw new NotSignedInError();
    // Before any await, for the same reason as in pickAndLoadTextFile.
    await this.session().getTokenInClick();
    const context = this.httpContext();
    if (request.fileId) {
      onStage?.("uploading");
      try {
        // In the file's own type (new files, and files not opened here, are plain text).
        const mimeType = this.fileTypes.get(request.fileId);
        return await uploadTextFile(context, { ...request, mimeType });
      } catch (error) {
        // The file was deleted in Drive (or belongs to another account): keeping the dead id
        // would make every later save fail, so the text goes into a new file instead.
        if (!(error instanceof DriveHttpError && error.status === 404)) throw error;
      }
    }
    onStage?.("folder");
    this.folderId ??= await ensureAppFolder(context);
    onStage?.("uploading");
    return uploadTextFile(context, { ...request, fileId: null, parentId: this.folderId });
  }

  /**
   * The session as the notepad's background sync uses it: the held token only (no window opens
   * outside a click), and a connect that must be CALLED SYNCHRONOUSLY FROM A CLICK.
   */
  syncAccess(): SyncDriveAccess {
    return {
      isConfigured: () => this.isConfigured(),
      hasValidToken: () => this.hasValidToken(),
      currentToken: () => this.session().getToken(),
      forgetRefusedToken: () => this.auth?.forgetToken(),
      connectInClick: () => {
        try {
          return this.session()
            .getTokenInClick()
            .then(() => undefined);
        } catch (error) {
          return Promise.reject(error instanceof Error ? error : new Error(String(error)));
        }
      },
      fetchImpl: this.deps.fetchImpl,
      sleep: this.deps.sleep,
      random: this.deps.random,
    };
  }

  private requireConfig(): DriveConfig {
    if (!this.check.ok) throw new DriveNotConfiguredError(this.check.problems);
    return this.check.config;
  }

  private session(): DriveAuth {
    const config = this.requireConfig();
    this.auth ??= new DriveAuth({
      clientId: config.clientId,
      scopes: driveScopes(config.readonly),
      loadOAuth2: this.deps.loadOAuth2 ?? loadGoogleIdentity,
      fetchEmail: (token) => fetchUserEmail(token, this.deps.fetchImpl),
      askForClick: (kind, onClick) => this.askForClick(kind, onClick),
    });
    return this.auth;
  }

  private async askForClick(kind: ClickPromptKind, onClick: () => void): Promise<boolean> {
    const text = CLICK_PROMPTS[kind];
    const choice = await (this.deps.prompts ?? getDrivePrompts()).ask({
      title: text.title,
      message: text.message,
      actions: [{ id: kind, label: text.label, run: onClick }],
      dismissLabel: DRIVE_LABELS.notNow,
    });
    return choice === kind;
  }

  private httpContext(): DriveHttpContext {
    return {
      tokens: this.session(),
      fetchImpl: this.deps.fetchImpl,
      sleep: this.deps.sleep,
      random: this.deps.random,
    };
  }
}

const SIGNED_OUT: DriveSessionSnapshot = { status: "signed-out", email: "" };

let instance: Drive | null = null;

/** The page's Drive instance, created on first call (browser only). */
export function getDrive(): Drive {
  instance ??= new Drive({ config: checkDriveConfig() });
  return instance;
}
