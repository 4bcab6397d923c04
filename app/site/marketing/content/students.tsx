import {
  BookOpenCheck,
  Cloud,
  FileSearch,
  Focus,
  GraduationCap,
  Library,
  NotebookPen,
  Printer,
  School,
  Timer,
} from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { HIGHLIGHTED_LANGUAGE_COUNT } from "~/content/product-facts";
import type { FaqItem } from "../faq-list";
import type { FeatureItem } from "../feature-grid";
import type { Stat } from "../stat-row";

/** True figures for the hero (no invented student or university counts, no ratings). */
export const STUDENT_STATS: readonly Stat[] = [
  { value: "$0", label: "Free, no student login" },
  { value: "3", label: "editor themes: light, dark, blue" },
  { value: String(HIGHLIGHTED_LANGUAGE_COUNT), label: "languages highlighted, from Python to JSON" },
  { value: "1 s", label: "until the notepad stores a change" },
];

/** Four feature cards. */
export const STUDENT_FEATURES: readonly FeatureItem[] = [
  {
    icon: Focus,
    title: "A calm page to write on",
    text: "No ribbons or page layouts, just your words. Choose the dark or blue theme for late-night sessions and set the font size anywhere from 8 to 72.",
  },
  {
    icon: NotebookPen,
    title: "One tab per class",
    text: "Keep notes for every course open in the Advanced Notepad. The status bar counts words and characters, useful for limits on assignments.",
  },
  {
    icon: Cloud,
    title: "From campus PC to dorm laptop",
    text: "Save to Google Drive from a lab computer and open the same file from Drive on your own laptop later.",
  },
  {
    icon: Printer,
    title: "Print or hand in a PDF",
    text: "Export… turns your text into a PDF on A4 pages in one step, and Print gives a clean A4 page with 2 cm margins when you want paper.",
  },
];

/** Academic tasks with a difficulty level. */
export const STUDENT_TASKS: readonly FeatureItem[] = [
  {
    title: "Lecture notes",
    badge: "Beginner",
    text: "Open a notepad tab at the start of class, press F5 to stamp the date, and type. Prefer bullets? The Text Editor's bullet list button structures key points.",
  },
  {
    title: "Essay outline",
    badge: "Beginner",
    text: "Draft your thesis, three supporting points and evidence as a numbered list, then expand each point into paragraphs underneath.",
  },
  {
    title: "Research log",
    badge: "Intermediate",
    text: "Keep one running file of sources, quotes and page numbers. Ctrl+F finds every note on an author in seconds, even in a long file.",
  },
  {
    title: "Thesis chapter revision",
    badge: "Advanced",
    text: "Duplicate a chapter tab before a big rewrite, use Replace All to update a term everywhere, and switch between the old and new version in their own tabs.",
  },
];

/** Benefits beside the example card. */
export const STUDENT_BENEFITS = [
  {
    title: "Nothing to buy or install",
    text: "It runs in the browser on school computers and Chromebooks alike.",
  },
  {
    title: "Word counts without opening a word processor",
    text: "The notepad's status bar shows the lines, words and characters of the tab as you type.",
  },
  {
    title: "Your drafts stay yours",
    text: "Text is stored in your own browser, and no Plainpad server can read it.",
  },
  {
    title: "Plain text pastes cleanly anywhere",
    text: "Copy from Plainpad into a learning platform, a word processor or an email without dragging stray formatting along.",
  },
] as const;

/** Education levels with their needs and the Plainpad tools that fit. */
export const STUDENT_LEVELS: readonly {
  icon: LucideIcon;
  title: string;
  text: string;
  needs: readonly string[];
  tools: readonly string[];
}[] = [
  {
    icon: School,
    title: "High School",
    text: "Building the habit of taking notes and planning essays.",
    needs: ["Quick notes in class", "Simple essay outlines", "Printing homework"],
    tools: ["Text Editor with bullet and numbered lists", "Print and PDF export", "Light or dark theme"],
  },
  {
    icon: GraduationCap,
    title: "Undergraduate",
    text: "Many courses, many deadlines, and word limits everywhere.",
    needs: ["Notes for several courses", "Word and character counts", "Moving between lab and laptop"],
    tools: ["Advanced Notepad with a tab per course", "Status bar word count", "Google Drive open and save"],
  },
  {
    icon: Library,
    title: "Graduate School",
    text: "Long documents, big reading lists and careful revision.",
    needs: ["Research logs and literature notes", "Consistent terminology", "Safe experiments on drafts"],
    tools: ["Regular-expression search", "Replace All in the notepad", "Duplicate tab before rewrites"],
  },
];

/** Three study tips. */
export const STUDENT_TIPS: readonly FeatureItem[] = [
  {
    icon: Timer,
    title: "Write first, format later",
    text: "Get the argument down in plain text before you worry about fonts and headings. It is faster, and the structure is easier to see.",
  },
  {
    icon: FileSearch,
    title: "Tag your notes",
    text: "Start lines with short tags like #exam or #quote. Later, Ctrl+F for the tag finds every matching line in a long file.",
  },
  {
    icon: BookOpenCheck,
    title: "Back up before deadlines",
    text: "Browser storage belongs to one device. Download your work or save it to Drive before you submit, just in case.",
  },
];

/** The four-question FAQ. */
export const STUDENT_FAQ: readonly FaqItem[] = [
  {
    question: "Is Plainpad free for students?",
    answer:
      "Plainpad is free for everyone, students included. There is no account, no student verification and no paid upgrade.",
  },
  {
    question: "Can I use it on a school Chromebook?",
    answer:
      "Yes, if the Chromebook runs a current version of Chrome and your school allows the site. Nothing needs to be installed.",
  },
  {
    question: "Can I hand in my work as a Word document?",
    answer:
      "Not directly: Plainpad does not make DOCX files. Use Export… to download your text as Rich Text Format (.rtf), open it in Word, LibreOffice or Pages, and save it as .docx there, or paste the text into a word processor. Export… also makes PDFs if your course accepts those.",
  },
  {
    question: "Does Plainpad check my spelling?",
    answer:
      "The Text Editor uses your browser's built-in spell check, which you can switch off in Settings. Plainpad does not check grammar or plagiarism.",
  },
];
