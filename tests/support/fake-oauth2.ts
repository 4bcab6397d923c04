/**
 * The unit tests' way into the one fake Google sign-in (`fake-google-scripts.ts`, the page
 * script every browser test runs): the same script, run in a page of its own in Node where a
 * click is always being handled (the app asks Google for a window only then, and its own
 * tests check that). Each token request is answered from a queue, then with `then` once the
 * queue is empty, at once after the call returns; what the page asked for is recorded (each
 * request's `prompt`, the tokens revoked, the token client's client id and scopes), and
 * `hasGrantedAllScopes` reads the answer's scope as Google Identity Services does.
 */
import type { OAuth2Api } from "../../app/drive/auth";
import { FAKE_GOOGLE_SCRIPTS } from "./fake-google-scripts";

/** How one token request is answered. */
export type OAuth2Answer =
  /** A token; `scope` defaults to every scope asked for. */
  | { token: string; expiresIn?: string; scope?: string }
  /** An OAuth error in the token response (say "access_denied"). */
  | { error: string }
  /** The popup's own error: closed by the person, or blocked by the browser. */
  | { errorType: "popup_closed" | "popup_failed_to_open" }
  /** No answer at all (a popup left open). */
  | { silent: true };

/** A grant of "tok" for every scope asked for: what most tests need. */
export const GRANT: OAuth2Answer = { token: "tok" };

export interface FakeOAuth2 extends OAuth2Api {
  /** Each token request's `prompt` as given (undefined when none was), in order. */
  readonly requests: (string | undefined)[];
  /** Tokens revoked, in order. */
  readonly revoked: string[];
  /** The token client's client id and scopes, once made. */
  config(): Pick<google.accounts.oauth2.TokenClientConfig, "client_id" | "scope"> | null;
}

/** What the page script reads and records (`window.__driveFake`), as the unit tests set it. */
interface ScriptFake {
  answers: OAuth2Answer[];
  answer: OAuth2Answer;
  answerDelayMs: number;
  tokenRequests: (string | undefined)[];
  revoked: string[];
  gapiLoads: string[];
  clientConfig?: Pick<google.accounts.oauth2.TokenClientConfig, "client_id" | "scope">;
  installSignIn(): void;
}

/** A fake sign-in answering from `answers`, then with `then` (default: {@link GRANT}). */
export function fakeOAuth2(answers: OAuth2Answer[] = [], then: OAuth2Answer = GRANT): FakeOAuth2 {
  const fake = {
    answers: [...answers],
    answer: then,
    answerDelayMs: 0,
    tokenRequests: [],
    revoked: [],
    gapiLoads: [],
  } as unknown as ScriptFake;
  // The script's page: a trusted click being handled, with the user's activation.
  const page: { __driveFake: ScriptFake; google?: { accounts: { oauth2: OAuth2Api } } } & {
    open(): null;
    event: { isTrusted: boolean; type: string };
  } = { __driveFake: fake, open: () => null, event: { isTrusted: true, type: "click" } };
  const navigator = { userActivation: { isActive: true } };
  const fetch = async () => new Response(null);
  // The script is test code of this repository, run as the browser tests run it.
  new Function("window", "navigator", "fetch", FAKE_GOOGLE_SCRIPTS)(page, navigator, fetch);
  fake.installSignIn();
  const oauth2 = page.google!.accounts.oauth2;
  return {
    initTokenClient: (config) => oauth2.initTokenClient(config),
    revoke: (token, done) => oauth2.revoke(token, done),
    hasGrantedAllScopes: (response, first, ...rest) =>
      oauth2.hasGrantedAllScopes(response, first, ...rest),
    requests: fake.tokenRequests,
    revoked: fake.revoked,
    config: () => fake.clientConfig ?? null,
  };
}
