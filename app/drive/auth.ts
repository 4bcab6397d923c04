/**
 * The Google sign-in session: a GIS token client, the access token held in memory only (never
 * written to any storage), the signed-in e-mail, and a tiny subscribe/snapshot store the UI
 * reads with useSyncExternalStore.
 *
 * Every token request opens Google's sign-in window (a popup; with an empty prompt it closes by
 * itself when consent was given before), and browsers open popups only from code running inside
 * a click. So:
 * - {@link DriveAuth.prepare} loads the library and creates the token client ahead of time (the
 *   UI calls it when the pointer or the focus reaches a Drive control);
 * - the `...InClick` methods and {@link DriveAuth.signIn} call `requestAccessToken` synchronously
 *   and must be called synchronously from a click (or key) handler;
 * - a token needed anywhere else (a renewal after a 401, a token that expired during a long
 *   save, or a click that came before the library was ready) is asked for with an in-page
 *   button ("Reconnect to Google Drive" / "Continue to Google Drive") whose click opens the
 *   window, instead of a popup the browser would block.
 */
import { MissingScopesError, SignInCancelledError, TokenError } from "./errors";
import type { TokenSource } from "./http";

/** Create, open and change the files the user picks or the app created (non-sensitive). */
export const DRIVE_FILE_SCOPE = "https://www.googleapis.com/auth/drive.file";
/** Read every file in the user's Drive: a restricted scope, asked only when configured. */
export const DRIVE_READONLY_SCOPE = "https://www.googleapis.com/auth/drive.readonly";
/** The signed-in address and name (sign-in scopes, which Google's consent cannot untick). */
export const IDENTITY_SCOPES = ["openid", "email", "profile"] as const;

/**
 * The scopes asked for: drive.file and the identity scopes; drive.readonly only for a deployment
 * that set VITE_GOOGLE_DRIVE_READONLY=true (docs/decisions/006-drive-file-scope.md).
 */
export function driveScopes(readonly: boolean): string[] {
  return [DRIVE_FILE_SCOPE, ...(readonly ? [DRIVE_READONLY_SCOPE] : []), ...IDENTITY_SCOPES];
}

/**
 * Scopes without which Drive cannot work: drive.file. (drive.readonly adds nothing the app
 * needs once the Picker carries the app id, so a user may untick it.)
 */
export const REQUIRED_SCOPES: readonly string[] = [DRIVE_FILE_SCOPE];

/** Renew this long before Google's stated expiry, so a call never starts with a dying token. */
const EXPIRY_MARGIN_MS = 60_000;
/** When Google does not say, assume the usual hour. */
const DEFAULT_LIFETIME_S = 3600;

/** What the UI shows. */
export interface DriveSessionSnapshot {
  status: "signed-out" | "signing-in" | "signed-in";
  /** Signed-in address; '' when unknown (user info failed) or signed out. */
  email: string;
}

/** The part of `google.accounts.oauth2` used here (a fake in tests). */
export interface OAuth2Api {
  initTokenClient(config: google.accounts.oauth2.TokenClientConfig): {
    requestAccessToken(override?: google.accounts.oauth2.OverridableTokenClientConfig): void;
  };
  revoke(accessToken: string, done: () => void): void;
  hasGrantedAllScopes(
    tokenResponse: google.accounts.oauth2.TokenResponse,
    firstScope: string,
    ...restScopes: string[]
  ): boolean;
}

/**
 * Why a token must be asked for with a button: "continue" before the first token of the
 * session (the click came before Google's library was ready, or there was no click), "reconnect"
 * when a token held before has to be renewed.
 */
export type ClickPromptKind = "continue" | "reconnect";

/** What the session needs from the outside. */
export interface DriveAuthDeps {
  clientId: string;
  /** Scopes to ask for ({@link driveScopes}). */
  scopes: readonly string[];
  loadOAuth2: () => Promise<OAuth2Api>;
  fetchEmail: (token: string) => Promise<string>;
  /**
   * Shows a button and calls `onClick` synchronously inside its click; resolves false when the
   * user dismissed it instead.
   */
  askForClick: (kind: ClickPromptKind, onClick: () => void) => Promise<boolean>;
  now?: () => number;
}

interface PendingRequest {
  /** "consent" for an explicit sign-in, which may be to another account. */
  prompt: "" | "consent";
  promise: Promise<string>;
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

type TokenClient = ReturnType<OAuth2Api["initTokenClient"]>;

function asError(error: unknown): Error {
  return error instanceof Error ? error : new TokenError(String(error));
}

/** One sign-in session per page. */
export class DriveAuth implements TokenSource {
  private token: { value: string; expiresAt: number } | null = null;
  private email = "";
  /** A token was granted since the page loaded or the last sign-out. */
  private hadToken = false;
  private pending: PendingRequest | null = null;
  private client: TokenClient | null = null;
  private oauth2: OAuth2Api | null = null;
  private preparing: Promise<void> | null = null;
  private snapshot: DriveSessionSnapshot = { status: "signed-out", email: "" };
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;

  constructor(private readonly deps: DriveAuthDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Current state; the same object until something changes (useSyncExternalStore needs that). */
  getSnapshot = (): DriveSessionSnapshot => this.snapshot;

  /** Calls `listener` on every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Loads Google's sign-in library and creates the token client, once. Call it early (pointer
   * or focus on a Drive control) so a click can open the sign-in window at once. A failed load
   * is forgotten, so a later call tries again.
   */
  prepare(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.preparing ??= this.deps
      .loadOAuth2()
      .then((oauth2) => {
        this.oauth2 = oauth2;
        this.client = oauth2.initTokenClient({
          client_id: this.deps.clientId,
          scope: this.deps.scopes.join(" "),
          callback: (response) => void this.onToken(response),
          error_callback: (error) => this.onTokenError(error),
        });
      })
      .catch((error: unknown) => {
        this.preparing = null;
        throw asError(error);
      });
    return this.preparing;
  }

  /** True once the token client exists (a click can then open the sign-in window). */
  isReady(): boolean {
    return this.client !== null;
  }

  /** True while a token is held (it may still need a renewal). */
  isSignedIn(): boolean {
    return this.token !== null;
  }

  /** True while a token is held and not near its expiry. */
  hasValidToken(): boolean {
    return this.token !== null && this.now() < this.token.expiresAt;
  }

  /**
   * Explicit sign-in with the consent prompt. CALL SYNCHRONOUSLY FROM A CLICK. Resolves with
   * the e-mail ('' when user info failed). A closed popup rejects with
   * {@link SignInCancelledError}; an unticked Drive permission with {@link MissingScopesError}.
   */
  async signIn(): Promise<string> {
    await this.request("consent", true);
    return this.email;
  }

  /**
   * A valid token: the held one, or a new one asked for now with an empty prompt. CALL
   * SYNCHRONOUSLY FROM A CLICK: this may open Google's sign-in window.
   */
  getTokenInClick(): Promise<string> {
    if (this.token && this.hasValidToken()) return Promise.resolve(this.token.value);
    return this.request("", true);
  }

  /**
   * A valid token, for code running outside a click: the held one, the request already under
   * way, or one asked for through a "Reconnect to Google Drive" button.
   */
  async getToken(): Promise<string> {
    if (this.token && this.hasValidToken()) return this.token.value;
    return this.request("", false);
  }

  /**
   * Forgets the held token after Google refused it (a 401: revoked, or expired early), so the
   * next click asks Google for a new one instead of handing back the refused one.
   */
  forgetToken(): void {
    if (!this.token) return;
    this.token = null;
    this.publish();
  }

  /** After a 401: forget the token and ask again (through a button: this is not a click). */
  async renewToken(): Promise<string> {
    this.token = null;
    this.publish();
    return this.request("", false);
  }

  /** Revokes the token at Google (best effort) and forgets it. */
  async signOut(): Promise<void> {
    const token = this.token?.value;
    this.token = null;
    this.email = "";
    this.hadToken = false;
    this.publish();
    if (!token || !this.oauth2) return;
    const oauth2 = this.oauth2;
    await new Promise<void>((resolve) => {
      // Do not hang the UI on a revoke that never answers.
      const timer = setTimeout(resolve, 10_000);
      try {
        oauth2.revoke(token, () => {
          clearTimeout(timer);
          resolve();
        });
      } catch {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  private publish(): void {
    const status =
      this.pending && !this.token ? "signing-in" : this.token ? "signed-in" : "signed-out";
    const email = this.token ? this.email : "";
    if (status !== this.snapshot.status || email !== this.snapshot.email) {
      this.snapshot = { status, email };
      for (const listener of this.listeners) listener();
    }
  }

  private request(prompt: "" | "consent", inClick: boolean): Promise<string> {
    // Concurrent callers share the request in flight (one popup at a time).
    if (this.pending) return this.pending.promise;
    let resolve!: (token: string) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<string>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const pending: PendingRequest = { prompt, promise, resolve, reject };
    this.pending = pending;
    this.publish();
    const settle = () => {
      if (this.pending === pending) this.pending = null;
      this.publish();
    };
    promise.then(settle, settle);
    if (inClick && this.client) {
      // Still inside the click: the browser lets Google's window open.
      this.callGoogle(this.client, pending);
    } else {
      // No click to open a window from (any more): load if needed, then ask for one.
      const kind: ClickPromptKind = this.hadToken ? "reconnect" : "continue";
      this.prepare()
        .then(() =>
          this.deps.askForClick(kind, () => {
            if (this.client) this.callGoogle(this.client, pending);
          }),
        )
        .then((clicked) => {
          if (!clicked) pending.reject(new SignInCancelledError());
        })
        .catch((error: unknown) => pending.reject(asError(error)));
    }
    return promise;
  }

  private callGoogle(client: TokenClient, pending: PendingRequest): void {
    try {
      client.requestAccessToken({ prompt: pending.prompt });
    } catch (error) {
      pending.reject(asError(error));
    }
  }

  private async onToken(response: google.accounts.oauth2.TokenResponse): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    if (response.error || !response.access_token) {
      pending.reject(new TokenError(response.error || "no_token", response.error_description));
      return;
    }
    // Google's consent screen lets the user untick Drive while still signing in: without
    // drive.file every Drive call would fail later with a vaguer error, so say it now.
    const oauth2 = this.oauth2;
    const missing = REQUIRED_SCOPES.filter(
      (scope) => this.deps.scopes.includes(scope) && !oauth2?.hasGrantedAllScopes(response, scope),
    );
    if (missing.length) {
      pending.reject(new MissingScopesError(missing));
      return;
    }
    const lifetime = Number(response.expires_in) || DEFAULT_LIFETIME_S;
    this.token = {
      value: response.access_token,
      expiresAt: this.now() + Math.max(lifetime * 1000 - EXPIRY_MARGIN_MS, 0),
    };
    this.hadToken = true;
    // A renewal keeps the address already known; an explicit sign-in may be another account,
    // so it always asks.
    if (!this.email || pending.prompt === "consent") {
      this.email = await this.deps.fetchEmail(response.access_token);
    }
    pending.resolve(response.access_token);
  }

  private onTokenError(error: { type?: string; message?: string }): void {
    const pending = this.pending;
    if (!pending) return;
    if (error.type === "popup_closed") pending.reject(new SignInCancelledError());
    else pending.reject(new TokenError(error.type ?? "unknown", error.message));
  }
}
