import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";
import { codemirrorLineGaps } from "./scripts/codemirror-line-gaps";
import { emacsBindingsKept } from "./scripts/emacs-bindings-kept";
import { wireAlias } from "./packages/wire/alias.mjs";

// Shared modules of a few hundred bytes (each icon, the site's small helpers) would otherwise
// each be a chunk of their own: 25+ script requests on the landing page, which costs a phone on
// a slow network several round trips. The icons and the site shell's small shared modules go
// in one chunk; the editor engine and route code keep Rollup's own splitting.
// Only what every page runs belongs in it. The editors' own UI (menus, toolbars, dialogs) and
// the file and storage code are left to Rollup: in the shell they pulled CodeMirror's document
// model and fflate into every content page, 125 KB more to run before the page responds.
// The live editors' pages (collab/live-pages.ts): the first script reads them on every page.
// The service worker's registration (with Workbox's window helper) loads after the page has.
// The Share dialog and its QR code load when Share is first used (docs/decisions/009).
const SITE_SHELL =
  /\/app\/(site\/(?!service-worker-client)[^/]+\.tsx?|ui\/use-dismiss\.ts|storage\/(keys|pending-work)\.ts|drive\/config\.ts|collab\/live-pages\.ts)$/;

function sharedChunk(id: string): string | undefined {
  // One chunk with the icons: every page loads both, and as two chunks they imported each
  // other (React landed in one, the icons needing it in the other), which left React
  // undefined while the first of them ran.
  if (id.includes("/node_modules/lucide-react/")) return "site-shell";
  if (SITE_SHELL.test(id)) return "site-shell";
  return undefined;
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [codemirrorLineGaps(), emacsBindingsKept(), tailwindcss(), reactRouter()],
  define: {
    __SITE_URL__: JSON.stringify(process.env.SITE_URL ?? "https://plainpad.app"),
    // The year in the prerendered HTML, so the first client render matches it.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)), ...wireAlias },
  },
  build: isSsrBuild
    ? {}
    : {
        // SOURCEMAP=1 to see which modules a chunk is made of (not shipped by default).
        sourcemap: !!process.env.SOURCEMAP,
        // NO_MINIFY=1 keeps function names readable in a CPU profile of the built site.
        minify: !process.env.NO_MINIFY,
        rollupOptions: {
          output: { manualChunks: sharedChunk },
        },
      },
  // Workers are module workers (`{ type: "module" }`); find in files' worker (issue 52) loads
  // the legacy encodings' tables as chunks of their own, which an IIFE worker cannot.
  worker: { format: "es" as const },
  server: { port: 5173 },
}));
