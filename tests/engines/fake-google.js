// Google for the cross-engine suite's Drive tests (drive-sync.test.ts, and the landing page's
// Open from Google Drive), inlined first in every page by site-server.ts when the test gives it
// a fake Drive, just before the one fake sign-in, gapi and picker every browser test uses
// (tests/support/fake-google-scripts.ts). Firefox and WebKit are driven over WebDriver, which
// cannot answer a page's requests itself, so the page does it: the Drive REST calls
// (https://www.googleapis.com/...) go to the test's site server under /__fake-google/, which
// answers them from the one fake Drive (tests/support/drive-model.ts), and so does a token
// request; Google's sign-in and gapi scripts, when the app adds them, are replaced by those
// fakes. Only the test configuration and these ways in are changed: the app's own code runs
// as is.
(() => {
  window.__PLAINPAD_DRIVE_CONFIG__ = {
    clientId: "test-client.apps.googleusercontent.com",
    apiKey: "test-key",
    appId: "123456789012",
    readonly: false,
  };
  const GOOGLE_APIS = [
    ["https://www.googleapis.com/", "/__fake-google/"],
    ["https://oauth2.googleapis.com/", "/__fake-google/__oauth2/"],
  ];
  const pageFetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    for (const [google, local] of GOOGLE_APIS)
      if (url.startsWith(google)) return pageFetch(`${local}${url.slice(google.length)}`, init);
    return pageFetch(input, init);
  };
  // Read by the fake sign-in; `popupCalls` by the test (every window opened, and whether the
  // browser would have let it open).
  window.__driveFake = {
    token: "grant",
    grantedScopes: "",
    expiresIn: "",
    tokenRequests: [],
    popupCalls: [],
    // The picker picks what the test names here (window.__driveFake.pick), "cancel" by default.
    pick: "cancel",
    discoveryFails: false,
    gapiLoads: [],
    grant: () =>
      pageFetch("/__fake-google/__token", { method: "POST" }).then((response) => response.text()),
    reportPopup: (call) => window.__driveFake.popupCalls.push(call),
  };
  // Google's scripts, when the app adds them, are put in place from the fakes the page holds.
  /** @type {[string, () => void][]} */
  const GOOGLE_SCRIPTS = [
    ["https://accounts.google.com/gsi/client", () => window.__driveFake.installSignIn()],
    ["https://apis.google.com/js/api.js", () => window.__driveFake.installGapi()],
  ];
  const append = Node.prototype.appendChild;
  Node.prototype.appendChild = function (child) {
    const google =
      child instanceof HTMLScriptElement &&
      GOOGLE_SCRIPTS.find(([url]) => child.src.startsWith(url));
    if (google) {
      google[1]();
      setTimeout(() => child.dispatchEvent(new Event("load")), 0);
      return child;
    }
    return append.call(this, child);
  };
})();
