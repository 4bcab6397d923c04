import type { Route } from "./+types/editor";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Free Online Text Editor",
    description:
      "Write and edit plain text in your browser: open files, search with regular expressions, download, print or save to Google Drive. Free, no sign-up.",
    path: "/editor/",
  });
}

/** The simple editor: built by the editor issue. */
export default function EditorPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Online Text Editor</h1>
    </main>
  );
}
