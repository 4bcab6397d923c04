// Google for the cross-engine Drive-sync test (tests/engines/drive-sync.test.ts), inlined first
// in every page by site-server.ts when the test gives it a fake Drive. Firefox and WebKit are
// driven over WebDriver, which cannot answer a page's requests itself, so the page does it: the
// Drive REST calls (https://www.googleapis.com/...) go to the test's site server under
// /__fake-google/, which answers them from the one fake Drive (tests/support/drive-model.ts);
// Google's sign-in script is replaced by a token client that gets a token from the same place.
// Only the test configuration and these two ways in are changed: the app's own code runs as is.
(() => {
  window.__PLAINPAD_DRIVE_CONFIG__ = {
    clientId: "test-client.apps.googleusercontent.com",
    apiKey: "test-key",
    appId: "123456789012",
    readonly: false,
  };
  const GOOGLE_API = "https://www.googleapis.com/";
  const pageFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(GOOGLE_API))
      return pageFetch(`/__fake-google/${url.slice(GOOGLE_API.length)}`, init);
    return pageFetch(input, init);
  };
  const oauth2 = {
    initTokenClient(config) {
      window.__fakeGoogleTokenClient = true;
      return {
        requestAccessToken() {
          pageFetch("/__fake-google/__token", { method: "POST" })
            .then((response) => response.text())
            .then((token) =>
              config.callback({
                access_token: token,
                expires_in: "3599",
                token_type: "Bearer",
                scope: config.scope,
              }),
            );
        },
      };
    },
    revoke(token, done) {
      done();
    },
    hasGrantedAllScopes(response, ...scopes) {
      const granted = String(response.scope || "").split(" ");
      return scopes.every((scope) => granted.includes(scope));
    },
  };
  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function (child) {
    if (
      child instanceof HTMLScriptElement &&
      child.src.startsWith("https://accounts.google.com/gsi/client")
    ) {
      // Only what Plainpad calls of Google's library: the token client.
      const fake = /** @type {any} */ (window);
      fake.google = fake.google || {};
      fake.google.accounts = { oauth2 };
      setTimeout(() => child.dispatchEvent(new Event("load")), 0);
      return child;
    }
    return append.call(this, child);
  };
})();
