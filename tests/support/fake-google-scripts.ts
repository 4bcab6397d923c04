/**
 * The one fake Google sign-in (Google Identity Services' google.accounts.oauth2), with the
 * fake gapi and picker, of every test, as the text of a script run first in every page: the
 * Playwright specs add it as an init script (tests/e2e/drive-fakes.ts), the cross-engine suite
 * inlines it in Firefox and WebKit (tests/engines/site-server.ts), and the unit tests run it in
 * a page of their own in Node (tests/support/fake-oauth2.ts). (A string, not a file, so that the bench's bundle of
 * drive-fakes.ts carries it too.) It records windows opened, and leaves
 * `window.__driveFake.installSignIn()` for whatever stands in for GIS's script (its URL's body
 * in Playwright, tests/engines/fake-google.js in the engines) to call when that script loads,
 * and `installGapi()` likewise for Google's api.js.
 * What differs between the two is only how a token reaches the page and where a window opened
 * outside a click is reported; each sets that up in `window.__driveFake` before this runs:
 *   grant(): Promise<string>   a new token from the one fake Drive (tests/support/drive-model.ts)
 *   reportPopup(call)          optional: hears every token request and window.open
 *   token, grantedScopes, expiresIn, tokenRequests: what the token client answers, and records;
 *   answers, answer, answerDelayMs: optional, a queue of answers, one answer for the rest,
 *     and the delay of Google's answer (20 ms unless given): the unit tests' way to answer;
 *   revoked: the tokens revoked, recorded here;
 *   pick, discoveryFails, gapiLoads: what the picker picks and gapi answers, and records.
 * It behaves as Google's documentation says where the app depends on it: a token request opens
 * Google's window, which a browser allows only inside a user activation, so a request made
 * outside one, or outside the handling of a user event (Safari's rule), is answered as GIS
 * does when the popup is blocked (`popup_failed_to_open`); the token response carries the
 * scopes granted, and `hasGrantedAllScopes` reads them.
 */
export const FAKE_GOOGLE_SCRIPTS = `
(() => {
  const fake = window.__driveFake;
  const USER_EVENTS = ["click", "keydown", "keyup", "pointerup", "mouseup", "touchend"];
  /** What a call that opens a window saw: the user activation and the user event handled. */
  fake.recordPopup = (what) => {
    const event = window.event;
    const handling = event && event.isTrusted && USER_EVENTS.includes(event.type) ? event.type : "";
    const call = {
      what,
      // A browser without navigator.userActivation lets the event being handled decide.
      isActive: navigator.userActivation ? navigator.userActivation.isActive : handling !== "",
      event: handling,
    };
    if (fake.reportPopup) fake.reportPopup(call);
    return call;
  };
  const open = window.open.bind(window);
  window.open = (...args) => {
    fake.recordPopup("window.open");
    return open(...args);
  };
  /**
   * A given answer: a token ({ token, expiresIn, scope }: every scope asked for unless told),
   * an OAuth error in the response ({ error }), the popup's own error ({ errorType }:
   * "popup_closed", "popup_failed_to_open"), or none at all ({ silent }: a popup left open).
   */
  const answerWith = (config, given) => {
    if (given.silent) return;
    if (given.errorType)
      config.error_callback({ type: given.errorType, message: given.errorType, name: "Error" });
    else if (given.error) config.callback({ error: given.error });
    else {
      fake.accessToken = given.token;
      config.callback({
        access_token: given.token,
        expires_in: given.expiresIn || "3599",
        token_type: "Bearer",
        scope: given.scope || config.scope,
      });
    }
  };
  fake.installSignIn = () => {
    window.google = window.google || {};
    window.google.accounts = {
      oauth2: {
        initTokenClient(config) {
          fake.clientConfig = { client_id: config.client_id, scope: config.scope };
          return {
            requestAccessToken(override) {
              const activation = fake.recordPopup("token request");
              fake.tokenRequests.push(override && override.prompt);
              // A test's own answer for this request (the unit tests queue them), else its
              // answer for every request, else the page's (a token from the one fake Drive).
              const given = (fake.answers && fake.answers.shift()) || fake.answer || null;
              setTimeout(() => {
                // What GIS reports when the browser refused to open its window: as strict as
                // Safari, which wants the call inside the user's event handler, not just within
                // the activation's few seconds.
                if (!activation.isActive || !activation.event)
                  config.error_callback({
                    type: "popup_failed_to_open",
                    message: "Failed to open popup window",
                  });
                else if (given) answerWith(config, given);
                else if (fake.token === "popup_closed")
                  config.error_callback({ type: "popup_closed", message: "Popup window closed" });
                else if (fake.token === "access_denied")
                  config.callback({ error: "access_denied" });
                else
                  fake.grant().then((token) => {
                    fake.accessToken = token; // what the picker must be given
                    config.callback({
                      access_token: token,
                      expires_in: fake.expiresIn || "3599",
                      token_type: "Bearer",
                      scope: fake.grantedScopes || config.scope,
                    });
                  });
              }, fake.answerDelayMs === undefined ? 20 : fake.answerDelayMs);
            },
          };
        },
        revoke(token, done) {
          fake.revoked = fake.revoked || [];
          fake.revoked.push(token);
          fetch("https://oauth2.googleapis.com/revoke", {
            method: "POST",
            body: "token=" + token,
            headers: { "Content-Type": "application/x-www-form-urlencoded" },
          }).finally(() => done());
        },
        hasGrantedAllScopes(response, ...scopes) {
          const granted = String(response.scope || "").split(" ");
          return scopes.every((scope) => granted.includes(scope));
        },
      },
    };
  };
  // Google's api.js (gapi.load, gapi.client.init) and its picker, which answers with
  // \`fake.pick\` ({ id, name } or "cancel"); what they were asked is recorded on \`fake\`.
  fake.installGapi = () => {
    function definePicker() {
      const record = fake.picker = { views: [], features: [], disposed: 0 };
      class DocsView {
        constructor(viewId) { this.options = { viewId }; record.views.push(this.options); }
        setMimeTypes(v) { this.options.mimeTypes = v; return this; }
        setOwnedByMe(v) { this.options.ownedByMe = v; return this; }
        setIncludeFolders(v) { this.options.includeFolders = v; return this; }
        setSelectFolderEnabled(v) { this.options.selectFolderEnabled = v; return this; }
      }
      class PickerBuilder {
        addView(v) { return this; }
        enableFeature(f) { record.features.push(f); return this; }
        setOAuthToken(t) { record.hasToken = t === fake.accessToken; return this; }
        setDeveloperKey(k) { record.developerKey = k; return this; }
        setAppId(a) { record.appId = a; return this; }
        setOrigin(o) { return this; }
        setCallback(cb) { this.cb = cb; return this; }
        build() {
          const cb = this.cb;
          return {
            setVisible(visible) {
              if (!visible) return;
              record.shown = (record.shown || 0) + 1;
              setTimeout(() => {
                cb({ action: "loaded" });
                const pick = fake.pick;
                if (pick === "cancel") cb({ action: "cancel" });
                else cb({ action: "picked", docs: [{ id: pick.id, name: pick.name, mimeType: "text/plain" }] });
              }, 20);
            },
            dispose() { record.disposed++; },
          };
        }
      }
      window.google = window.google || {};
      window.google.picker = { DocsView, PickerBuilder,
        Action: { CANCEL: "cancel", PICKED: "picked", ERROR: "error", LOADED: "loaded" },
        ViewId: { DOCS: "all" }, Feature: { MULTISELECT_ENABLED: "multiselectEnabled" } };
    }
    window.gapi = {
      load(name, config) {
        fake.gapiLoads.push(name);
        if (name.includes("picker")) definePicker();
        const callback = typeof config === "function" ? config : config.callback;
        setTimeout(callback, 0);
      },
      client: { init(args) {
        fake.gapiInit = args;
        return fake.discoveryFails
          ? Promise.reject({ error: { code: 502, message: "discovery document unavailable" } })
          : Promise.resolve();
      } },
  };
  };
})();
`;
