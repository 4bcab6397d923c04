import { BookOpen, FileText, Keyboard, Sparkles } from "lucide-react";
import type { Route } from "./+types/newsletter";
import { NewsletterForm } from "~/site/company/newsletter-form";
import { BODY_TEXT } from "~/site/marketing/styles";
import { pageMeta } from "~/site/seo";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    title: "Newsletter",
    description:
      "Sign up for the Plainpad newsletter: plain-text writing tips, new templates, tutorials and product updates. Pick the topics you care about.",
    path: "/newsletter/",
  });
}

const WHAT_YOU_GET = [
  {
    icon: Sparkles,
    title: "Writing and productivity tips",
    text: "Short, practical ideas for writing faster in plain text.",
  },
  {
    icon: FileText,
    title: "New plain-text templates",
    text: "Outlines, plans and checklists you can paste straight into the editor.",
  },
  {
    icon: BookOpen,
    title: "Tutorials as they are published",
    text: "Step-by-step guides to the editor, the notepad and Google Drive.",
  },
  {
    icon: Keyboard,
    title: "Product updates",
    text: "What changed in Plainpad, explained in a few lines.",
  },
];

/** The newsletter sign-up page: what the newsletter covers, then the form / thank-you screen. */
export default function NewsletterPage() {
  return (
    <div className="bg-gradient-to-b from-blue-50 to-white px-4 py-12 sm:py-16 dark:from-slate-900 dark:to-slate-950">
      <div className="mx-auto grid max-w-6xl items-start gap-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-blue-800 dark:text-blue-300">
            Stay in the loop
          </p>
          <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            The Plainpad Newsletter
          </h1>
          <p className={`mt-5 text-lg ${BODY_TEXT}`}>
            Tips for writing in plain text, new templates and tutorials, and the occasional note
            about what changed in Plainpad. Tell us what interests you and skip the rest.
          </p>
          <h2 className="mt-10 text-xl font-bold text-slate-900 dark:text-white">
            What you will get
          </h2>
          <ul className="mt-4 space-y-4">
            {WHAT_YOU_GET.map((item) => (
              <li key={item.title} className="flex gap-3">
                <item.icon
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-blue-700 dark:text-blue-300"
                />
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{item.title}</h3>
                  <p className={BODY_TEXT}>{item.text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
        <NewsletterForm />
      </div>
    </div>
  );
}
