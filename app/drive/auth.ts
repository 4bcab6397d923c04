/**
 * The Google sign-in session: a GIS token client, the access token held in memory only (never
 * written to any storage), the signed-in e-mail, and a tiny subscribe/snapshot store the UI
 * reads with useSyncExternalStore.
 */
import { SignInCancelledError, TokenError } from "./errors";
import type { TokenSource } from "./http";

/** Scopes asked for (spec section 6). */
export const DRIVE_SCOPES = [
  "https://www.googleapis.com/auth/drive.file",
  "https://www.googleapis.com/auth/drive.readonly",
  "openid",
  "email",
  "profile",
].join(" ");

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
}

/** What the session needs from the outside. */
export interface DriveAuthDeps {
  clientId: string;
  loadOAuth2: () => Promise<OAuth2Api>;
  fetchEmail: (token: string) => Promise<string>;
  now?: () => number;
}

interface PendingRequest {
  /** "consent" for an explicit sign-in, which may be to another account. */
  prompt: "" | "consent";
  promise: Promise<string>;
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/** One sign-in session per page. */
export class DriveAuth implements TokenSource {
  private token: { value: string; expiresAt: number } | null = null;
  private email = "";
  private pending: PendingRequest | null = null;
  private client: ReturnType<OAuth2Api["initTokenClient"]> | null = null;
  private oauth2: OAuth2Api | null = null;
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

  /** True while a token is held (it may still need a silent renewal). */
  isSignedIn(): boolean {
    return this.token !== null;
  }

  /**
   * Explicit sign-in: consent prompt, then the e-mail. Resolves with the e-mail ('' when user
   * info failed). A closed popup rejects with {@link SignInCancelledError}.
   */
  async signIn(): Promise<string> {
    await this.request("consent");
    return this.email;
  }

  /** A valid token: the held one, or a new one asked for with an empty prompt. */
  async getToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return this.token.value;
    return this.request("");
  }

  /** After a 401: forget the token and ask again with an empty prompt. */
  async renewToken(): Promise<string> {
    this.token = null;
    return this.request("");
  }

  /** Revokes the token at Google (best effort) and forgets it. */
  async signOut(): Promise<void> {
    const token = this.token?.value;
    this.token = null;
    this.email = "";
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

  private request(prompt: "" | "consent"): Promise<string> {
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
    this.start(prompt).catch((error: unknown) =>
      pending.reject(error instanceof Error ? error : new TokenError(String(error))),
    );
    return promise;
  }

  private async start(prompt: "" | "consent"): Promise<void> {
    if (!this.client) {
      const oauth2 = await this.deps.loadOAuth2();
      this.oauth2 = oauth2;
      this.client = oauth2.initTokenClient({
        client_id: this.deps.clientId,
        scope: DRIVE_SCOPES,
        callback: (response) => void this.onToken(response),
        error_callback: (error) => this.onTokenError(error),
      });
    }
    this.client.requestAccessToken({ prompt });
  }

  private async onToken(response: google.accounts.oauth2.TokenResponse): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    if (response.error || !response.access_token) {
      pending.reject(new TokenError(response.error || "no_token", response.error_description));
      return;
    }
    const lifetime = Number(response.expires_in) || DEFAULT_LIFETIME_S;
    this.token = {
      value: response.access_token,
      expiresAt: this.now() + Math.max(lifetime * 1000 - EXPIRY_MARGIN_MS, 0),
    };
    // A silent renewal keeps the address already known; an explicit sign-in may be another
    // account, so it always asks.
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
