import { Link } from "react-router";
import type { Route } from "./+types/remote-workers-text-editor";
import { ComparisonTable } from "~/site/marketing/comparison-table";
import {
  REMOTE_BENEFITS,
  REMOTE_COMPARISON,
  REMOTE_FAQ,
  REMOTE_FEATURES,
  REMOTE_SCENARIOS,
  REMOTE_STATS,
  REMOTE_TIPS,
} from "~/site/marketing/content/remote-workers";
import { CtaBand } from "~/site/marketing/cta-band";
import { BenefitsWithExample } from "~/site/marketing/example-card";
import { FaqList, faqJsonLd } from "~/site/marketing/faq-list";
import { FeatureGrid } from "~/site/marketing/feature-grid";
import { Hero } from "~/site/marketing/hero";
import { Section } from "~/site/marketing/section";
import { TEXT_LINK } from "~/site/marketing/styles";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Text Editor for Remote Workers",
    description:
      "A free, private text editor for remote and hybrid work: runs in any browser, keeps notes on your device, tabs per project, Google Drive when you switch computers.",
    path: "/remote-workers-text-editor/",
    jsonLd: [
      faqJsonLd(REMOTE_FAQ),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Text Editor for Remote Workers", path: "/remote-workers-text-editor/" },
      ]),
    ],
  });
}

/** Landing page for remote and hybrid workers. */
export default function RemoteWorkersPage() {
  return (
    <>
      <Hero
        eyebrow="For remote and hybrid teams"
        title="The text editor that goes wherever you work"
        intro="Kitchen table, coworking space or client office: Plainpad opens in any browser, keeps your notes on your own device, and never asks you to sign up."
        actions={[
          { label: "Open the Text Editor", to: "/editor/" },
          { label: "Open the Advanced Notepad", to: "/online-notepad/" },
        ]}
        stats={REMOTE_STATS}
        statsLabel="Plainpad facts for remote workers"
      />
      <Section
        id="features"
        title="Made for work away from the office"
        intro="The essentials, without the setup."
      >
        <FeatureGrid items={REMOTE_FEATURES} />
      </Section>
      <Section id="benefits" title="Why remote workers keep it open" tone="muted">
        <BenefitsWithExample
          benefits={REMOTE_BENEFITS}
          exampleTitle="Example: a week of notes for a distributed team"
          example={
            <>
              <p>
                Picture a project lead with teammates in three time zones. On Monday she opens the
                Advanced Notepad and creates four tabs: &ldquo;Standups&rdquo;,
                &ldquo;Decisions&rdquo;, &ldquo;Client&rdquo; and &ldquo;Draft update&rdquo;.
              </p>
              <p>
                Each morning she presses F5 in &ldquo;Standups&rdquo; for a timestamp and types the
                blockers. On Thursday, Ctrl+F finds every mention of the delayed invoice in seconds.
                On Friday she copies the highlights into &ldquo;Draft update&rdquo;, pastes the
                result into the team chat, and uses File &gt; Download all tabs to keep a .zip of
                the week.
              </p>
              <p className="text-sm">
                This is an illustration of how the features fit together, not a customer quote.
              </p>
            </>
          }
        />
      </Section>
      <Section
        id="scenarios"
        title="Real situations, plain text"
        intro="Where Plainpad fits in a remote workday."
      >
        <FeatureGrid items={REMOTE_SCENARIOS} columns={2} />
      </Section>
      <Section
        id="comparison"
        title="Plainpad vs desktop apps vs email attachments"
        intro="An honest comparison. Plainpad wins on access and privacy, and its live collaboration is end-to-end encrypted: no account, and our relay cannot read the text."
        tone="muted"
      >
        <ComparisonTable
          caption="Plainpad compared with desktop apps and email attachments"
          columns={REMOTE_COMPARISON.columns}
          rows={REMOTE_COMPARISON.rows}
        />
      </Section>
      <Section id="tips" title="Tips for remote writing">
        <FeatureGrid items={REMOTE_TIPS} />
        <p className="mt-8 text-center">
          Want more tips like these?{" "}
          <Link to="/newsletter/" className={TEXT_LINK}>
            Join the Plainpad newsletter
          </Link>
        </p>
      </Section>
      <CtaBand
        title="Set up your remote writing kit in one click"
        text="Bookmark the editor and the notepad. That is the whole installation."
        actions={[
          { label: "Start writing in the Text Editor", to: "/editor/" },
          { label: "Get tips by newsletter", to: "/newsletter/" },
        ]}
      />
      <Section id="faq" title="Remote work questions" width="narrow">
        <FaqList items={REMOTE_FAQ} />
      </Section>
    </>
  );
}
