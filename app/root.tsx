import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { AppUpdateNotice } from "./site/app-update-notice";
import { allPagePaths } from "./site/pages";
import { THEME_BOOT_SCRIPT } from "./chrome/theme";
import stylesheet from "./app.css?url";
import inlineStyles from "./app.css?inline";

// Production pages carry their CSS inline: one request fewer before first paint, which is what
// a phone on a slow network waits for. The dev server keeps the linked file for hot reload.
export const links: LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icon-192.png" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

/** The HTML shell of every page: the theme is applied in <head> before first paint. */
export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        {!import.meta.env.DEV && <style dangerouslySetInnerHTML={{ __html: inlineStyles }} />}
        <Links />
      </head>
      <body suppressHydrationWarning>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Marks the page interactive: browser tests wait for this before they click.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <>
      <Outlet />
      <AppUpdateNotice />
    </>
  );
}

/** Shown while the app boots on a URL that was not prerendered (the 404 fallback page). */
export function HydrateFallback() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <p className="text-slate-600 dark:text-slate-300">Loading…</p>
    </main>
  );
}

const NOT_FOUND_MESSAGE =
  "The page you asked for does not exist. It may have moved, or the address may be mistyped.";

function isKnownPage(pathname: string): boolean {
  const withSlash = pathname.endsWith("/") ? pathname : `${pathname}/`;
  return allPagePaths().includes(withSlash);
}

/**
 * The last-resort error screen, and the page for unmatched URLs (404): it names the status
 * and message and links home.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  useEffect(() => {
    // The error screen replaces App, which would otherwise mark the page interactive.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  let status = "Error";
  let message = "Something went wrong while showing this page.";
  let stack: string | undefined;
  if (!isKnownPage(pathname)) {
    // Any URL outside the page list is a 404, whatever the router tripped over on the way
    // (e.g. /blog/unknown-slug/ matches the article route but has no prerendered data).
    status = "404 Not Found";
    message = NOT_FOUND_MESSAGE;
  } else if (isRouteErrorResponse(error)) {
    status =
      `${error.status} ${error.statusText || (error.status === 404 ? "Not Found" : "")}`.trim();
    message =
      error.status === 404
        ? NOT_FOUND_MESSAGE
        : typeof error.data === "string" && error.data
          ? error.data
          : message;
  } else if (error instanceof Error) {
    message = error.message;
    if (import.meta.env.DEV) stack = error.stack;
  }
  return (
    <main className="mx-auto max-w-2xl px-4 py-24">
      <title>{`${status} | Plainpad`}</title>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">
        Unexpected Application Error!
      </h1>
      <h2 className="mt-4 text-xl font-semibold text-red-700 dark:text-red-400">{status}</h2>
      <p className="mt-2 text-slate-700 dark:text-slate-200">{message}</p>
      {stack && (
        <pre className="mt-4 overflow-x-auto rounded bg-slate-100 p-4 text-xs dark:bg-slate-800">
          {stack}
        </pre>
      )}
      <p className="mt-8">
        <Link
          to="/"
          className="inline-block rounded-lg bg-blue-700 px-5 py-2.5 font-semibold text-white hover:bg-blue-800"
        >
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
