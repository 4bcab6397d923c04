import type { Route } from "./+types/free-online-notepad";
import { FREE_ONLINE_NOTEPAD } from "~/site/marketing/content/free-online-notepad";
import { LandingPage, landingMeta } from "~/site/marketing/landing-page";

export function meta(_: Route.MetaArgs) {
  return landingMeta(FREE_ONLINE_NOTEPAD);
}

/** Marketing page for the "free online notepad" search intent. */
export default function Page() {
  return <LandingPage content={FREE_ONLINE_NOTEPAD} />;
}
