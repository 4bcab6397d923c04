/**
 * The one fake Google sign-in of the unit tests: a stand-in for `google.accounts.oauth2` (the
 * part `app/drive/auth.ts` uses) that answers each token request from a queue, then with
 * `then` once the queue is empty. It records what the page asked for (each request's `prompt`,
 * the tokens revoked, the token client's configuration), and `hasGrantedAllScopes` reads the
 * answer's scope as Google Identity Services does. The browser tests' sign-in is the page
 * script of `fake-google-scripts.ts`, which answers the same way inside a real page.
 */
import type { OAuth2Api } from "../../app/drive/auth";

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
  /** The token client's configuration, once made. */
  config(): google.accounts.oauth2.TokenClientConfig | null;
}

/** A fake sign-in answering from `answers`, then with `then` (default: {@link GRANT}). */
export function fakeOAuth2(answers: OAuth2Answer[] = [], then: OAuth2Answer = GRANT): FakeOAuth2 {
  const requests: (string | undefined)[] = [];
  const revoked: string[] = [];
  let config: google.accounts.oauth2.TokenClientConfig | null = null;
  const answer = (client: google.accounts.oauth2.TokenClientConfig, given: OAuth2Answer) => {
    if ("silent" in given) return;
    if ("token" in given) {
      client.callback({
        access_token: given.token,
        expires_in: given.expiresIn ?? "3600",
        scope: given.scope ?? client.scope,
      } as google.accounts.oauth2.TokenResponse);
    } else if ("error" in given) {
      client.callback({ error: given.error } as google.accounts.oauth2.TokenResponse);
    } else {
      client.error_callback?.({ type: given.errorType, message: given.errorType, name: "Error" });
    }
  };
  return {
    requests,
    revoked,
    config: () => config,
    initTokenClient(client) {
      config = client;
      return {
        requestAccessToken(override) {
          requests.push(override?.prompt);
          const given = answers.shift() ?? then;
          // Google answers later, from its popup: never inside the call.
          queueMicrotask(() => answer(client, given));
        },
      };
    },
    revoke(token, done) {
      revoked.push(token);
      done();
    },
    hasGrantedAllScopes(response, first, ...rest) {
      const granted = (response.scope ?? "").split(" ");
      return [first, ...rest].every((scope) => granted.includes(scope));
    },
  };
}
