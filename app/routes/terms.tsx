import type { Route } from "./+types/terms";
import { LegalDocument, TERMS_LAST_UPDATED } from "~/site/company/legal-document";
import { TERMS_SECTIONS } from "~/site/company/terms-sections";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Terms of Use",
    description:
      "The terms for using Plainpad, the free browser-based text editor and notepad: your license, your responsibilities, content ownership and liability.",
    path: "/terms/",
  });
}

/** The terms of use. */
export default function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Use"
      lastUpdated={TERMS_LAST_UPDATED}
      intro={
        <p>
          These terms are the agreement between you and Plainpad. We have kept them short and in
          plain English; please read them before using the site.
        </p>
      }
      sections={TERMS_SECTIONS}
    />
  );
}
