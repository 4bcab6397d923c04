import type { Route } from "./+types/privacy-policy";
import { LegalDocument, PRIVACY_LAST_UPDATED } from "~/site/company/legal-document";
import { PRIVACY_SECTIONS } from "~/site/company/privacy-sections";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy",
    description:
      "How Plainpad handles data: documents stay in your browser; live collaboration passes through our relay only encrypted; no analytics, ads or tracking cookies.",
    path: "/privacy-policy/",
  });
}

/** The privacy policy. */
export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={PRIVACY_LAST_UPDATED}
      intro={
        <p>
          The short version: what you write in Plainpad stays in your browser. We never receive your
          documents in a form we can read: a live collaboration session passes through our relay
          only encrypted, with the key in the link. The site loads no analytics or advertising
          scripts and sets no tracking cookies; this policy explains what is kept in your browser,
          what the relay keeps and for how long, what Google Drive sees when you use it, and what
          would change if we ever added such a service.
        </p>
      }
      sections={PRIVACY_SECTIONS}
    />
  );
}
