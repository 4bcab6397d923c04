import type { Route } from "./+types/multi-tab-document-editor";
import { MULTI_TAB_DOCUMENT_EDITOR } from "~/site/marketing/content/multi-tab-document-editor";
import { LandingPage, landingMeta } from "~/site/marketing/landing-page";

export function meta(_: Route.MetaArgs) {
  return landingMeta(MULTI_TAB_DOCUMENT_EDITOR);
}

/** Marketing page for the "multi-tab document editor" search intent. */
export default function Page() {
  return <LandingPage content={MULTI_TAB_DOCUMENT_EDITOR} />;
}
