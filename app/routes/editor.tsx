import type { Route } from "./+types/editor";
import { EditorHelp, EDITOR_FAQ } from "~/editor/editor-help";
import { SimpleEditor } from "~/editor/simple-editor";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Free Online Text Editor",
    description:
      "Write and edit plain text in your browser: open files, search with regular expressions, download, print or save to Google Drive. Free, no sign-up.",
    path: "/editor/",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: EDITOR_FAQ.map(({ question, answer }) => ({
          "@type": "Question",
          name: question,
          acceptedAnswer: { "@type": "Answer", text: answer },
        })),
      },
    ],
  });
}

/** The simple editor (/editor/): the editor fills the first screen, help and FAQ follow. */
export default function EditorPage() {
  return (
    <>
      <main>
        <SimpleEditor />
        <EditorHelp />
      </main>
    </>
  );
}
