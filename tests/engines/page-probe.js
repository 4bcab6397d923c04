// Loaded first in every page the cross-engine suite serves (tests/engines/site-server.ts puts
// it at the top of <head>), before any of Plainpad's scripts. Classic WebDriver (WebKit) has no
// "run this before the page" call, so the server does it, the same way for both engines.
// It stands in for what a person does outside the page and no driver can reach:
// - the file dialog: a file input's click() marks the input instead of opening a native dialog
//   (which would block the engine); the test then gives the marked input its files through the
//   driver, as a person picking files would;
// - the download bar: a click on a download link records the file's name and blob instead of
//   saving it to disk, so the test reads the bytes Plainpad offered;
// - the console: uncaught errors, unhandled rejections and CSP violations are kept for the
//   test to check.
(function installEngineProbe() {
  const probe = {
    errors: [],
    downloads: [],
    fileInputs: 0,
    editorMadeAt: null,
  };
  window.__engineProbe = probe;

  // When the first editor is in the page, on the page's own clock (performance.now()): a test
  // compares it with when a chunk was asked for (live-early-join.test.ts).
  const editorWatch = new MutationObserver(() => {
    if (!document.querySelector(".cm-editor")) return;
    probe.editorMadeAt = performance.now();
    editorWatch.disconnect();
  });
  editorWatch.observe(document, { childList: true, subtree: true });

  window.addEventListener("error", (event) => {
    probe.errors.push(String(event.message || event.error));
  });
  // A script, style, worker or image the page's Content-Security-Policy blocked counts as an
  // error: every page must run whole under its own policy (docs/decisions/021-strict-csp.md).
  document.addEventListener("securitypolicyviolation", (event) => {
    probe.errors.push(
      "CSP violation: " + event.effectiveDirective + " blocked " + (event.blockedURI || "inline"),
    );
  });
  window.addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    probe.errors.push(
      "Unhandled rejection: " + (reason && reason.stack ? reason.stack : String(reason)),
    );
  });

  const blobs = new Map();
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = function (object) {
    const url = createObjectURL(object);
    if (object instanceof Blob) blobs.set(url, object);
    return url;
  };

  const anchorClick = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    const blob = blobs.get(this.href);
    if (this.hasAttribute("download") && blob) {
      probe.downloads.push({ name: this.download, blob });
      return;
    }
    return anchorClick.call(this);
  };

  const inputClick = HTMLInputElement.prototype.click;
  HTMLInputElement.prototype.click = function () {
    if (this.type !== "file") return inputClick.call(this);
    probe.fileInputs += 1;
    this.setAttribute("data-engine-file-input", String(probe.fileInputs));
  };

  // Finding a control as a person names it: by role and accessible name (a simplified form of
  // the accessible-name computation: aria-labelledby, aria-label, a <label>, the text, the
  // title), by label, or by CSS. Only visible elements count. The driver then clicks or types
  // into the element it returns with real input events.
  const ROLE_SELECTORS = {
    button: 'button, [role="button"], input[type="button"], input[type="submit"]',
    link: 'a[href], [role="link"]',
    menuitem: '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]',
    textbox:
      'textarea, input:not([type]), input[type="text"], input[type="password"], input[type="email"], input[type="url"], [role="textbox"]',
    searchbox: 'input[type="search"], [role="searchbox"]',
    dialog: 'dialog, [role="dialog"], [role="alertdialog"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    tab: '[role="tab"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"], [role="switch"]',
    radio: 'input[type="radio"], [role="radio"]',
    alert: '[role="alert"]',
    status: '[role="status"]',
    list: 'ul, ol, [role="list"]',
    menu: '[role="menu"]',
    tree: '[role="tree"]',
    treeitem: '[role="treeitem"]',
    combobox: '[role="combobox"], select',
    option: '[role="option"], option',
  };
  const squash = (text) => (text || "").replace(/\s+/g, " ").trim();
  // Text as the accessibility tree has it: aria-hidden parts (icons, shortcut hints) left out.
  const ownText = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeType !== Node.ELEMENT_NODE || node.getAttribute("aria-hidden") === "true") {
      return "";
    }
    return Array.from(node.childNodes, ownText).join("");
  };
  const textOf = (id) => {
    const element = document.getElementById(id);
    return element ? squash(ownText(element)) : "";
  };
  const accessibleName = (element) => {
    const labelledBy = element.getAttribute("aria-labelledby");
    if (labelledBy) return squash(labelledBy.split(/\s+/).map(textOf).join(" "));
    const label = element.getAttribute("aria-label");
    if (label) return squash(label);
    if (element.labels && element.labels.length) {
      return squash(Array.from(element.labels, ownText).join(" "));
    }
    if (element instanceof HTMLInputElement && element.type !== "button") {
      return squash(element.placeholder || element.title);
    }
    return squash(ownText(element)) || squash(element.title);
  };
  const visible = (element) => {
    if (!element.getClientRects().length) return false;
    const style = getComputedStyle(element);
    return style.visibility !== "hidden" && style.display !== "none";
  };
  const nameMatches = (actual, query) => {
    if (query.name === undefined) return true;
    if (query.nameMatches) return new RegExp(query.name, "i").test(actual);
    return actual === query.name;
  };
  probe.findAll = (query, scope = document) => {
    let candidates;
    if (query.css) candidates = scope.querySelectorAll(query.css);
    else if (query.role) candidates = scope.querySelectorAll(ROLE_SELECTORS[query.role]);
    else if (query.label) {
      candidates = scope.querySelectorAll("input, textarea, select, [role='textbox']");
      query = { name: query.label, nameMatches: query.nameMatches };
    } else throw new Error("A query needs css, role or label: " + JSON.stringify(query));
    return Array.from(candidates).filter(
      (element) => visible(element) && nameMatches(accessibleName(element), query),
    );
  };
  probe.find = (query) => {
    const scope = query.within ? probe.findAll(query.within)[0] : document;
    if (!scope) return null;
    return probe.findAll(query, scope)[0] ?? null;
  };
})();
