/**
 * The Drive integration layer the editors use: sign in (returns the e-mail), sign out, the
 * initialisation awaited before picking, pick-and-load a text file, and save a name and
 * content. One instance per page, created on first use (nothing loads before that).
 */
import { DriveAuth, type DriveSessionSnapshot, type OAuth2Api } from "./auth";
import { readDriveConfig, type DriveConfig } from "./config";
import { DriveHttpError, DriveNotConfiguredError, NotSignedInError } from "./errors";
import { loadGoogleIdentity, loadPicker } from "./google-scripts";
import type { DriveHttpContext } from "./http";
import { showPicker, type PickedFile, type PickerOptions } from "./picker";
import {
  ensureAppFolder,
  fetchUserEmail,
  getFileContent,
  getFileMetadata,
  uploadTextFile,
  type UploadStage,
} from "./rest";

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
  config: DriveConfig | null;
  loadOAuth2?: () => Promise<OAuth2Api>;
  loadPickerApi?: (apiKey: string) => Promise<typeof google.picker>;
  pick?: (pickerApi: typeof google.picker, options: PickerOptions) => Promise<PickedFile | null>;
  fetchImpl?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

/** The integration layer. */
export class Drive {
  private auth: DriveAuth | null = null;
  private folderId: string | null = null;

  constructor(private readonly deps: DriveDeps) {}

  /** Whether the client id and API key are set. */
  isConfigured(): boolean {
    return this.deps.config !== null;
  }

  /** Current session state (signed out while unconfigured). */
  getSnapshot = (): DriveSessionSnapshot => this.auth?.getSnapshot() ?? SIGNED_OUT;

  /** Subscribes to session changes; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    const auth = this.auth ?? (this.deps.config ? this.session() : null);
    return auth ? auth.subscribe(listener) : () => undefined;
  };

  /** True while a token is held. */
  isSignedIn(): boolean {
    return this.auth?.isSignedIn() ?? false;
  }

  /** Explicit sign-in with the consent prompt; resolves with the e-mail ('' if unknown). */
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
   */
  async pickAndLoadTextFile(): Promise<DriveFile | null> {
    const config = this.requireConfig();
    const auth = this.session();
    const [pickerApi, token] = await Promise.all([this.init(), auth.getToken()]);
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
    return { id: picked.id, name: metadata.name || picked.name || picked.id, content };
  }

  /**
   * Creates (into "Plainpad Documents", made on first use) or updates the file; resolves with
   * its id. Needs a signed-in session ({@link NotSignedInError} otherwise).
   */
  async saveTextFile(
    request: DriveSaveRequest,
    onStage?: (stage: UploadStage) => void,
  ): Promise<string> {
    this.requireConfig();
    if (!this.isSignedIn()) throw new NotSignedInError();
    const context = this.httpContext();
    if (request.fileId) {
      onStage?.("uploading");
      try {
        return await uploadTextFile(context, request);
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

  private requireConfig(): DriveConfig {
    if (!this.deps.config) throw new DriveNotConfiguredError();
    return this.deps.config;
  }

  private session(): DriveAuth {
    const config = this.requireConfig();
    this.auth ??= new DriveAuth({
      clientId: config.clientId,
      loadOAuth2: this.deps.loadOAuth2 ?? loadGoogleIdentity,
      fetchEmail: (token) => fetchUserEmail(token, this.deps.fetchImpl),
    });
    return this.auth;
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
  instance ??= new Drive({ config: readDriveConfig() });
  return instance;
}
