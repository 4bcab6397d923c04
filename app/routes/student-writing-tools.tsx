import { Link } from "react-router";
import type { Route } from "./+types/student-writing-tools";
import {
  STUDENT_BENEFITS,
  STUDENT_FAQ,
  STUDENT_FEATURES,
  STUDENT_LEVELS,
  STUDENT_STATS,
  STUDENT_TASKS,
  STUDENT_TIPS,
} from "~/site/marketing/content/students";
import { CtaBand } from "~/site/marketing/cta-band";
import { BenefitsWithExample } from "~/site/marketing/example-card";
import { FaqList, faqJsonLd } from "~/site/marketing/faq-list";
import { FeatureGrid } from "~/site/marketing/feature-grid";
import { Hero } from "~/site/marketing/hero";
import { LevelLists } from "~/site/marketing/level-lists";
import { Section } from "~/site/marketing/section";
import { TEXT_LINK } from "~/site/marketing/styles";
import { breadcrumbJsonLd, pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Free Writing Tools for Students",
    description:
      "Free, no-login writing tools for students: take lecture notes, outline essays and revise long papers in your browser, with word counts, PDF printing and Google Drive.",
    path: "/student-writing-tools/",
    jsonLd: [
      faqJsonLd(STUDENT_FAQ),
      breadcrumbJsonLd([
        { name: "Home", path: "/" },
        { name: "Writing Tools for Students", path: "/student-writing-tools/" },
      ]),
    ],
  });
}

/** Landing page for students, from high school to graduate school. */
export default function StudentWritingToolsPage() {
  return (
    <>
      <Hero
        eyebrow="For students"
        title="Writing tools for students that cost nothing"
        intro="Take notes, outline essays and revise papers in a clean browser editor. No login, no install, and your drafts stay on your own device."
        actions={[
          { label: "Start writing in the Text Editor", to: "/editor/" },
          { label: "Browse study resources", to: "/resources/" },
        ]}
        stats={STUDENT_STATS}
        statsLabel="Plainpad facts for students"
      />
      <Section id="features" title="What you get" intro="What makes studying in plain text easier.">
        <FeatureGrid items={STUDENT_FEATURES} columns={4} />
      </Section>
      <Section
        id="tasks"
        title="Academic tasks, from easy to advanced"
        intro="Start with the simple ones; the advanced ones use the notepad's tabs and Replace All."
        tone="muted"
      >
        <FeatureGrid items={STUDENT_TASKS} columns={4} />
      </Section>
      <Section id="benefits" title="Why students like plain text">
        <BenefitsWithExample
          benefits={STUDENT_BENEFITS}
          exampleTitle="Example: an essay week with Plainpad"
          example={
            <>
              <p>
                Imagine a first-year student with a 1,500-word history essay due Friday. On Monday
                she opens a notepad tab called &ldquo;Sources&rdquo; and logs quotes with page
                numbers. On Tuesday a second tab, &ldquo;Outline&rdquo;, holds her thesis and three
                numbered points.
              </p>
              <p>
                Wednesday and Thursday she writes in a third tab and watches the word count in the
                status bar. On Friday she saves the draft to Google Drive, opens it on the library
                computer, and prints a PDF to submit.
              </p>
              <p className="text-sm">
                An illustration of the features in use, not a quote from a real student.
              </p>
            </>
          }
        />
      </Section>
      <Section
        id="levels"
        title="Tools for every education level"
        intro="What each stage of study asks of you, and the Plainpad features that help."
        tone="muted"
      >
        <FeatureGrid
          items={STUDENT_LEVELS.map((level) => ({
            icon: level.icon,
            title: level.title,
            text: level.text,
            extra: <LevelLists needs={level.needs} tools={level.tools} />,
          }))}
        />
      </Section>
      <Section id="tips" title="Three study writing tips">
        <FeatureGrid items={STUDENT_TIPS} />
        <p className="mt-8 text-center">
          Templates for essay outlines and study notes are waiting in our{" "}
          <Link to="/resources/" className={TEXT_LINK}>
            resources hub
          </Link>
          .
        </p>
      </Section>
      <CtaBand
        title="Your next assignment starts here"
        text="Open the editor in a new tab, or grab a ready-made study template first."
        actions={[
          { label: "Open the Text Editor", to: "/editor/" },
          { label: "Get study templates", to: "/resources/" },
        ]}
      />
      <Section id="faq" title="Student questions" width="narrow">
        <FaqList items={STUDENT_FAQ} />
      </Section>
    </>
  );
}
