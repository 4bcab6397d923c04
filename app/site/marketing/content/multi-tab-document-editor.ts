import { ArrowLeftRight, Copy, FolderArchive, History, PanelsTopLeft, RefreshCw } from "lucide-react";
import type { LandingContent } from "../landing-page";

/** Copy of /multi-tab-document-editor/: for people juggling several documents at once. */
export const MULTI_TAB_DOCUMENT_EDITOR: LandingContent = {
  seo: {
    title: "Multi-Tab Document Editor in Your Browser",
    description:
      "Work on many text documents at once: unlimited tabs with their own undo history, drag to reorder, Ctrl+1–9 to jump, open many files, download all as .zip.",
    path: "/multi-tab-document-editor/",
    crumb: "Multi-Tab Document Editor",
  },
  hero: {
    eyebrow: "Multi-tab document editor",
    title: "Edit several documents side by side, in one browser tab",
    intro:
      "The Advanced Notepad gives every document its own tab with its own undo history, cursor and scroll position. Select several text files at once in the Open dialog, switch with Ctrl+1 to Ctrl+9, and download everything as one .zip.",
    actions: [
      { label: "Open the multi-tab notepad", to: "/online-notepad/" },
      { label: "Prefer one document? Text Editor", to: "/editor/" },
    ],
    note: "Free, no account. Tabs are kept in your browser, and no server of ours can read them.",
  },
  features: {
    title: "Built for working across documents",
    intro: "Tabs are the whole point here, so they do more than sit in a row.",
    items: [
      {
        icon: PanelsTopLeft,
        title: "As many tabs as you need",
        text: "There is no tab limit. New tabs are named Untitled-1, Untitled-2 and so on; double-click any tab to rename it, and a * after the name shows unsaved changes.",
      },
      {
        icon: ArrowLeftRight,
        title: "Reorder and jump",
        text: "Drag tabs into the order you think in, and press Ctrl+1 through Ctrl+9 (Cmd on a Mac) to jump straight to a tab by its position.",
      },
      {
        icon: History,
        title: "Undo that belongs to each tab",
        text: "Every tab remembers its own last 50 steps, cursor and scroll position. Undoing in one draft never touches another.",
      },
      {
        icon: Copy,
        title: "Duplicate before you experiment",
        text: "File > Duplicate tab makes \"name (Copy)\" so you can try a rewrite without losing the original, and Close other tabs clears the rest when you are done.",
      },
      {
        icon: FolderArchive,
        title: "Open many, download all",
        text: "Select several .txt, .md, .csv, .json, .js, .css, .html or .xml files, or other code such as .py or .yaml, in one go and each opens in its own tab, highlighted by its file type. In Chrome, Edge and Opera, each tab saves back into its own file. File > Open folder… shows a whole folder beside the tabs, with quick open (Ctrl+P) and find and replace in every file. File > Download all tabs saves them as a single .zip.",
      },
      {
        icon: RefreshCw,
        title: "Two windows, one set of tabs",
        text: "Open the notepad in a second window on the same browser and the tabs stay in sync, so you can look at one document while you type in another.",
      },
    ],
  },
  story: {
    title: "Why tabs change how you edit",
    paragraphs: [
      "Real work rarely fits in one file. You are turning meeting notes into a summary, copying values from a CSV into a config file, or comparing two versions of the same paragraph. With a single-document editor you end up opening and closing files all day, or scattering windows across the screen.",
      "A tabbed editor keeps the whole working set in one place. Because each Plainpad tab has its own undo history, you can make a mess of one draft and step it back without disturbing the notes you are copying from. Because tabs can be renamed and dragged, the row at the top becomes a table of contents for the task at hand.",
      "All of it is stored locally: every tab is saved to your browser's IndexedDB within a second of an edit, and the notepad reopens with the same tabs and the same active tab. If storage ever fills up, a warning tells you the latest edits are not stored yet and offers the download, so nothing is lost silently. The tabs stay on this device until you send one somewhere: as a file, to Google Drive (once, or kept in step in the background with File › Sync with Google Drive), as a share link, or as a live session, where others edit the tab with you and every change is encrypted before it leaves the page.",
    ],
  },
  steps: {
    title: "How to work with multiple documents",
    intro: "Set up a working session in a minute.",
    items: [
      {
        title: "Open your files",
        text: "In the notepad, choose File > Open… (Ctrl+O / Cmd+O) and select several files, or drag them onto the page. Each one gets its own tab.",
      },
      {
        title: "Name and arrange",
        text: "Double-click a tab to rename it (Enter keeps the name, Escape cancels) and drag tabs into order. Use File > New tab for fresh drafts.",
      },
      {
        title: "Move between them",
        text: "Click a tab or press Ctrl+1 to Ctrl+9. Find (Ctrl+F) and Replace (Ctrl+H) work on the active tab.",
      },
      {
        title: "Collect the results",
        text: "Save one tab with Ctrl+S (into its file where the browser allows it, otherwise as a download), export it with File > Export…, or take everything with File > Download all tabs. Closing a modified tab always asks first.",
      },
    ],
  },
  learn: {
    title: "Master the tabbed workflow",
    text: "Guides for people who keep a lot of text in flight.",
    links: [
      {
        label: "Advanced multi-tab notepad tutorial",
        to: "/tutorials/advanced-multi-tab-notepad/",
        text: "Every menu of the notepad, with a focus on tab management.",
      },
      {
        label: "File management and export",
        to: "/tutorials/file-management-export/",
        text: "Opening many files, saving them back, exporting them, and keeping backups.",
      },
      {
        label: "Keyboard shortcuts mastery",
        to: "/tutorials/keyboard-shortcuts-mastery/",
        text: "Tab jumping, find and replace and the rest, with Ctrl and Cmd variants.",
      },
    ],
  },
  faq: [
    {
      question: "How many tabs can I open?",
      answer:
        "There is no fixed limit. In practice the limit is your browser's storage and memory; each tab is an ordinary text document, so dozens of tabs are no problem on a normal computer.",
    },
    {
      question: "Are my tabs still there after I close the browser?",
      answer:
        "Yes. Every tab is stored in your browser within a second of an edit and again when the page closes. Reopening the notepad restores all tabs and the one that was active. Clearing the browser's site data removes them.",
    },
    {
      question: "Can I share tabs or edit together with someone?",
      answer:
        "Both. To edit together, right-click the tab and choose Live collaboration… (it is in the File menu too), then send the Edit link: whoever opens it edits the same text with you at once, each cursor shown with a name, and a View-only link lets people follow without changing anything. Changes are encrypted in your browser, and the key stays in the link, so our relay cannot read them. To hand over a copy instead, right-click the tab and choose Share: the link carries the text itself (with an optional password), and later edits do not change it. Or download the tab as a file, or save it to Google Drive and share it from there.",
    },
    {
      question: "Why does Ctrl+N or Ctrl+W open or close a browser tab instead?",
      answer:
        "Chrome and Edge keep Ctrl+N, Ctrl+T and Ctrl+W (Cmd on a Mac) for themselves, so a web page never receives them. Use File > New tab or the + button for a new tab, and close one with File > Close tab or the × on the tab; the notepad has no close-tab shortcut of its own.",
    },
  ],
  cta: {
    title: "Bring all your documents into one place",
    text: "Open the notepad, drop in the files you are working on, and switch between them as fast as you think.",
  },
};
