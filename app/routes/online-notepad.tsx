import type { Route } from "./+types/online-notepad";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Advanced Online Notepad with Tabs",
    description:
      "A multi-tab online notepad that saves every tab in your browser as you type: find and replace, emoji and special characters, downloads and print.",
    path: "/online-notepad/",
  });
}

/** The advanced notepad: built by the notepad issue. */
export default function NotepadPage() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold">Advanced Online Notepad</h1>
    </main>
  );
}
