import { useState } from "react";
import { Link, useNavigate } from "react-router";
import {
  BookOpen,
  Cloud,
  FilePlus2,
  FolderOpen,
  GraduationCap,
  HelpCircle,
  Layers,
  Lock,
  Moon,
  Printer,
  Search,
  Zap,
} from "lucide-react";
import type { Route } from "./+types/home";
import { SITE_TAGLINE } from "~/site/config";
import { Logo } from "~/site/logo";
import { organizationJsonLd, pageMeta, websiteJsonLd } from "~/site/seo";
import { SiteFooter } from "~/site/site-footer";
import { ThemeToggle } from "~/site/theme-toggle";
import type { PickedFile } from "~/storage/disk-files";
import { putHandoff } from "~/storage/handoff";
import { EDITOR_FILE_EXTENSIONS, fileRejectionMessage } from "~/text/file-checks";

export function meta(_: Route.MetaArgs) {
  return pageMeta({
    description:
      "Plainpad is a free online text editor and multi-tab notepad. Open, write, search, download and print plain text in your browser, with no sign-up; save to Google Drive if you like.",
    path: "/",
    jsonLd: [websiteJsonLd(), organizationJsonLd()],
  });
}

const FEATURES = [
  {
    icon: Zap,
    title: "Opens instantly, stays fast",
    text: "No sign-up and nothing to install. The editor handles files of tens of megabytes without stuttering as you type.",
  },
  {
    icon: Layers,
    title: "Tabs for every draft",
    text: "The Advanced Notepad keeps as many documents as you like in tabs, each with its own undo history.",
  },
  {
    icon: Lock,
    title: "Private by design",
    text: "Your text is edited and stored in your own browser. When you edit live with others, it is encrypted before it leaves the page, so our relay never reads a word.",
  },
  {
    icon: Cloud,
    title: "Google Drive when you want it",
    text: "Sign in with Google to open a text file from Drive or save your work back to it. Entirely optional.",
  },
  {
    icon: Search,
    title: "Find, replace, count",
    text: "Search with regular expressions, replace across a tab, and see lines, words and characters as you write.",
  },
  {
    icon: Moon,
    title: "Comfortable to look at",
    text: "Light, dark and blue editor themes, adjustable font size, line numbers and word wrap.",
  },
];

const LEARNING_CARDS = [
  {
    icon: BookOpen,
    title: "Expert Blog",
    badge: "10+ Articles",
    text: "Writing tips, shortcuts and guides to getting more out of plain text.",
    href: "/blog/",
  },
  {
    icon: GraduationCap,
    title: "Tutorials",
    badge: "6 Guides",
    text: "Step-by-step walkthroughs, from your first file to Google Drive and shortcuts.",
    href: "/tutorials/",
  },
  {
    icon: HelpCircle,
    title: "FAQ",
    badge: "30+ Answers",
    text: "Quick answers about features, browsers, storage, Drive and privacy.",
    href: "/faq/",
  },
];

const STEPS = [
  {
    title: "Start a document",
    text: "Click Create New Text File, or open a file from your computer: .txt, .md, .csv, .html, .xml, .css, .json, or code such as .js or .py.",
  },
  {
    title: "Write and shape it",
    text: "Type freely. Use the toolbar or shortcuts such as Ctrl+B (Cmd+B on a Mac) for bold markers, lists, find and font size.",
  },
  {
    title: "Keep it safe",
    text: "Your draft is kept in this browser as you type, so a reload does not lose it.",
  },
  {
    title: "Take it with you",
    text: "Save it back to the file you opened (in Chrome, Edge and Opera), export it as text, Markdown, HTML, RTF or PDF, print it, or save it to Google Drive.",
  },
];

const primaryButton =
  "inline-flex items-center justify-center gap-2 rounded-xl px-6 py-3.5 text-base font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600";

/** The three hero buttons; the file button reads the file here and hands it to the editor. */
function HeroActions() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handOver(action: Parameters<typeof putHandoff>[0]) {
    await putHandoff(action);
    navigate("/editor/");
  }

  async function openFromComputer() {
    let picked: PickedFile | undefined;
    let readPickedFile: typeof import("~/storage/disk-files").readPickedFile;
    let FileRejectedError: typeof import("~/storage/local-files").FileRejectedError;
    let toPieces: typeof import("~/text/text-stream").textPieces;
    try {
      // Loaded on the click, not with the page (the landing page stays light); the picker
      // still opens within the click's user activation.
      const [diskFiles, localFiles, textStream] = await Promise.all([
        import("~/storage/disk-files"),
        import("~/storage/local-files"),
        import("~/text/text-stream"),
      ]);
      readPickedFile = diskFiles.readPickedFile;
      toPieces = textStream.textPieces;
      FileRejectedError = localFiles.FileRejectedError;
      const { pickFiles } = diskFiles;
      [picked] = await pickFiles({
        multiple: false,
        extensions: EDITOR_FILE_EXTENSIONS,
        description: "Text files",
      });
    } catch (caught) {
      console.error(caught);
      setError("The open dialog could not be shown. Please try again.");
      return;
    }
    if (!picked) return;
    const { file } = picked;
    setError(null);
    setBusy(true);
    try {
      const read = await readPickedFile(picked);
      await handOver({
        kind: "file",
        name: read.name,
        content: toPieces(read.text),
        // The handle goes along, so Save in the editor writes back into this file.
        file: read.format,
        mixedLineEndings: read.mixedLineEndings,
        createdAt: Date.now(),
      });
    } catch (caught) {
      setError(
        caught instanceof FileRejectedError
          ? fileRejectionMessage(caught.fileName, caught.reason)
          : `"${file.name}" could not be read. Please try again.`,
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-10">
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <button
          type="button"
          className={`${primaryButton} bg-blue-700 text-white hover:bg-blue-800`}
          onClick={() => handOver({ kind: "new", createdAt: Date.now() })}
        >
          <FilePlus2 aria-hidden="true" size={20} />
          Create New Text File
        </button>
        <button
          type="button"
          className={`${primaryButton} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800`}
          onClick={() => void openFromComputer()}
          disabled={busy}
        >
          <FolderOpen aria-hidden="true" size={20} />
          {busy ? "Opening…" : "Open File From Computer"}
        </button>
        <button
          type="button"
          className={`${primaryButton} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-white dark:hover:bg-slate-800`}
          onClick={() => handOver({ kind: "drive-open", createdAt: Date.now() })}
        >
          <Cloud aria-hidden="true" size={20} />
          Open from Google Drive
        </button>
      </div>
      {error && (
        <p
          role="alert"
          className="mx-auto mt-4 max-w-xl rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      )}
    </div>
  );
}

/** The landing page: its own slim header, hero, features, learning centre, guide, footer. */
export default function Home() {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 dark:border-slate-800">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Logo />
          <nav aria-label="Main" className="flex items-center gap-1">
            <Link
              to="/faq/"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              FAQ
            </Link>
            <Link
              to="/blog/"
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            >
              Blog
            </Link>
            <ThemeToggle />
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="bg-gradient-to-b from-blue-50 to-white px-4 pb-20 pt-16 text-center dark:from-slate-900 dark:to-slate-950">
          <p className="text-sm font-semibold uppercase tracking-widest text-blue-800 dark:text-blue-300">
            {SITE_TAGLINE}
          </p>
          <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            The free online text editor that stays out of your way
          </h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-700 dark:text-slate-300">
            Write notes, drafts and code snippets right in your browser. No account, no install, and
            your text stays on your device.
          </p>
          <HeroActions />
          <p className="mt-6 text-sm text-slate-600 dark:text-slate-400">
            Need several documents at once?{" "}
            <Link
              to="/online-notepad/"
              className="font-semibold text-blue-800 underline underline-offset-2 dark:text-blue-300"
            >
              Try the Advanced Notepad
            </Link>
          </p>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-16">
          <h2
            id="features-heading"
            className="text-center text-3xl font-bold text-slate-900 dark:text-white"
          >
            Everything you need for plain text
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map((feature) => (
              <li
                key={feature.title}
                className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
              >
                <feature.icon aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
                  {feature.title}
                </h3>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section
          aria-labelledby="learning-heading"
          className="bg-slate-50 px-4 py-16 dark:bg-slate-900"
        >
          <div className="mx-auto max-w-6xl">
            <h2
              id="learning-heading"
              className="text-center text-3xl font-bold text-slate-900 dark:text-white"
            >
              Learning Center
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-slate-700 dark:text-slate-300">
              Guides and answers to help you write faster and keep your documents organised.
            </p>
            <ul className="mt-10 grid gap-6 md:grid-cols-3">
              {LEARNING_CARDS.map((card) => (
                <li key={card.href}>
                  <Link
                    to={card.href}
                    className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:bg-slate-950"
                  >
                    <card.icon aria-hidden="true" className="text-blue-700 dark:text-blue-300" />
                    <span className="mt-4 flex items-center justify-between gap-2">
                      <span className="text-lg font-semibold text-slate-900 dark:text-white">
                        {card.title}
                      </span>
                      <span className="rounded-full bg-blue-100 px-2.5 py-0.5 text-xs font-semibold text-blue-900 dark:bg-blue-900 dark:text-blue-100">
                        {card.badge}
                      </span>
                    </span>
                    <span className="mt-2 block text-slate-700 dark:text-slate-300">
                      {card.text}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="guide-heading" className="mx-auto max-w-4xl px-4 py-16">
          <h2
            id="guide-heading"
            className="text-center text-3xl font-bold text-slate-900 dark:text-white"
          >
            How to use Plainpad
          </h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2">
            {STEPS.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900 dark:text-white">{step.title}</h3>
                  <p className="mt-1 text-slate-700 dark:text-slate-300">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <p className="mt-10 flex justify-center gap-6 text-sm text-slate-600 dark:text-slate-400">
            <span className="inline-flex items-center gap-1.5">
              <Printer aria-hidden="true" size={16} /> Print-ready
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Lock aria-hidden="true" size={16} /> No account needed
            </span>
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}
