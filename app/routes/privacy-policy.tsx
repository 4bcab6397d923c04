import type { Route } from "./+types/privacy-policy";
import { LegalDocument } from "~/site/company/legal-document";
import { PRIVACY_SECTIONS } from "~/site/company/privacy-sections";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Privacy Policy",
    description:
      "How Plainpad handles data: your documents stay in your browser and never reach us; what our analytics and ad services collect; Google Drive permissions.",
    path: "/privacy-policy/",
  });
}

/** The privacy policy. */
export default function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          The short version: what you write in Plainpad stays in your browser. We never receive your
          documents. The site does use a web-analytics service and an ad service, and this policy
          explains what they collect and what you can do about it.
        </p>
      }
      sections={PRIVACY_SECTIONS}
    />
  );
}
