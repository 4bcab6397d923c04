// Rewrites every prerendered page in build/client so its scripts load after the first paint
// (docs/decisions/013-first-paint-before-scripts.md). React Router puts a `modulepreload` link
// for each route module in the head and an inline module script that imports them at the end of
// the body: on a slow network those downloads (hundreds of kilobytes) start before the page has
// painted and share the connection with the HTML, and Lighthouse counts them as holding up the
// first paint. Here the links are removed and the inline script becomes a small classic script
// that adds the same links and the same module script once the page has painted (the next
// animation frame, or 200 ms at the latest, for a page opened in a background tab). Run after
// `react-router build`, before the service worker and compression steps.
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;

/**
 * The page with its module loading deferred past the first paint; the page unchanged when it
 * has no module script. Throws when a page has preloads but not the module script this expects,
 * so a React Router change that moves them fails the build instead of shipping a page that never
 * starts.
 */
export function deferModuleScripts(html) {
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]);
  const script = html.match(MODULE_SCRIPT);
  if (!script) {
    if (preloads.length > 0)
      throw new Error("defer-module-scripts: modulepreload links but no inline module script");
    return html;
  }
  // JSON is valid JavaScript; "<" is escaped so the code cannot close the script element.
  const json = (value) => JSON.stringify(value).replace(/</g, "\\u003c");
  const loader =
    "<script>(function(){var started=false;function start(){if(started)return;started=true;" +
    `${json(preloads)}.forEach(function(href){var link=document.createElement("link");` +
    'link.rel="modulepreload";link.href=href;document.head.appendChild(link)});' +
    'var module=document.createElement("script");module.type="module";' +
    `module.textContent=${json(script[1])};document.body.appendChild(module)}` +
    "requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,200)})()</script>";
  return html.replace(PRELOAD, "").replace(script[0], () => loader);
}

const DEFERRED_MODULE =
  /module\.textContent=("(?:[^"\\]|\\.)*");document\.body\.appendChild\(module\)/g;

/**
 * The code of the module scripts a deferred page's loader will add (what
 * {@link deferModuleScripts} took out of the page), so the build can hash it for the page's
 * Content-Security-Policy (scripts/csp-hashes.mjs): a script element made by a script runs
 * only when its code has a hash in the policy, like an inline one.
 */
export function deferredModuleSources(html) {
  return [...html.matchAll(DEFERRED_MODULE)].map((match) => JSON.parse(match[1]));
}

async function* htmlFiles(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith(".html")) yield full;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.env.BUILD_DIR ?? "build", "client");
  let count = 0;
  for await (const file of htmlFiles(root)) {
    const html = await readFile(file, "utf8");
    const deferred = deferModuleScripts(html);
    if (deferred !== html) {
      await writeFile(file, deferred);
      count++;
    }
  }
  console.log(`defer-module-scripts: ${count} pages load their scripts after the first paint`);
}
