import type { BlogSlug, TutorialSlug } from "~/site/pages";

/** A link card of the resources hub. */
export interface ResourceLink {
  title: string;
  description: string;
}

/** Our own short title and summary for every blog article (keyed by slug, so none is missed). */
export const GUIDE_LINKS: Record<BlogSlug, ResourceLink> = {
  "ultimate-guide-online-text-editing": {
    title: "The ultimate guide to online text editing",
    description:
      "Everything a browser-based editor can do, from opening files to printing, in one long read.",
  },
  "text-formatting-best-practices": {
    title: "Text formatting best practices",
    description:
      "Structure plain text with headings, lists and Markdown-style markers that stay readable anywhere.",
  },
  "google-drive-integration-guide": {
    title: "Google Drive integration guide",
    description:
      "What Plainpad can see in your Drive, where files are saved, and how to revoke access.",
  },
  "keyboard-shortcuts-writers": {
    title: "Keyboard shortcuts for writers",
    description: "The shortcuts that save writers the most time, with Ctrl and Cmd variants.",
  },
  "future-online-text-editing": {
    title: "The future of online text editing",
    description: "Where browser editors are heading, and why local-first storage matters.",
  },
  "how-to-use-online-text-editor": {
    title: "How to use an online text editor",
    description: "A beginner's walkthrough: create, open, edit, save and print your first file.",
  },
  "remote-work-writing-best-practices": {
    title: "Writing best practices for remote work",
    description:
      "Clear async updates, meeting notes and handoffs for teams spread across time zones.",
  },
  "text-editor-vs-word-processor": {
    title: "Text editor vs word processor",
    description: "When plain text is the better tool, and when you really need a word processor.",
  },
  "writing-tips-for-students": {
    title: "Writing tips for students",
    description: "Outlining, drafting and revising essays with less stress and fewer late nights.",
  },
  "document-organization-strategies": {
    title: "Document organization strategies",
    description: "File names, folders and tab habits that keep a growing pile of notes findable.",
  },
  "editing-code-and-markdown-in-the-browser": {
    title: "Editing code and Markdown in the browser",
    description:
      "Colours by file type, a Markdown preview beside the text, and why the preview never runs a file's scripts.",
  },
  "how-live-collaboration-encryption-works": {
    title: "How live collaboration's encryption works",
    description:
      "Editing together with the key in the link: what is encrypted and signed, and what the relay can and cannot see.",
  },
};

/** Our own short title and summary for every tutorial. */
export const TUTORIAL_LINKS: Record<TutorialSlug, ResourceLink> = {
  "getting-started-text-editor": {
    title: "Getting started with the Text Editor",
    description: "Your first document: the toolbar, settings, autosaved drafts and saving.",
  },
  "advanced-multi-tab-notepad": {
    title: "The Advanced Notepad, tab by tab",
    description: "Menus, tabs, find and replace, emoji and special characters.",
  },
  "google-drive-integration": {
    title: "Connecting Google Drive",
    description: "Sign in, open a .txt file from Drive and save your work back.",
  },
  "customizing-writing-environment": {
    title: "Customizing your writing environment",
    description: "Themes, font size, line numbers, word count and spell check.",
  },
  "keyboard-shortcuts-mastery": {
    title: "Keyboard shortcuts mastery",
    description: "Learn the shortcuts in a week, with a day-by-day plan.",
  },
  "file-management-export": {
    title: "File management and export",
    description:
      "Where documents are kept, saving back to your files, exporting to PDF and more, and backups.",
  },
};
