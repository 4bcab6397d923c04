import type { Route } from "./+types/multi-tab-document-editor";
import { MULTI_TAB_DOCUMENT_EDITOR } from "~/site/marketing/content/multi-tab-document-editor";
import { faqJsonLd } from "~/site/marketing/faq-list";
import { LandingPage } from "~/site/marketing/landing-page";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Multi-Tab Document Editor in Your Browser",
    description:
      "Work on many text documents at once: unlimited tabs with their own undo history, drag to reorder, Ctrl+1–9 to jump, open many files, download all as .zip.",
    path: "/multi-tab-document-editor/",
    jsonLd: [
      faqJsonLd(MULTI_TAB_DOCUMENT_EDITOR.faq),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Multi-Tab Document Editor", path: "/multi-tab-document-editor/" },
      ]),
    ],
  });
}

/** Marketing page for the "multi-tab document editor" search intent. */
export default function Page() {
  return <LandingPage content={MULTI_TAB_DOCUMENT_EDITOR} />;
}
