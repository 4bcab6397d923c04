import { FileCode2, FileText, Gauge, Keyboard, MonitorSmartphone, Printer } from "lucide-react";
import type { LandingContent } from "../landing-page";

/** Copy of /browser-based-text-editor/: for people who need a real editor but cannot or will not install one. */
export const BROWSER_BASED_TEXT_EDITOR: LandingContent = {
  seo: {
    title: "Browser-Based Text Editor, No Install Needed",
    description:
      "Edit .txt, .md, .csv, .json and other text files right in your browser on any computer. Line numbers, regex search, big-file speed, PDF export.",
    path: "/browser-based-text-editor/",
    crumb: "Browser-Based Text Editor",
  },
  hero: {
    eyebrow: "Browser-based text editor",
    title: "A real text editor, with nothing to install",
    intro:
      "Plainpad's Text Editor runs in a browser tab on Windows, macOS, Linux and ChromeOS alike. Open a .txt, .md, .csv or .json file, edit it with line numbers and regular-expression search, and save it back to the same file in Chrome, Edge or Opera, or download it in any browser.",
    actions: [
      { label: "Open the Text Editor", to: "/editor/" },
      { label: "Need tabs? Open the notepad", to: "/online-notepad/" },
    ],
    note: "Runs in Chrome 111+, Edge 111+, Firefox 128+ and Safari 16.4+.",
  },
  features: {
    title: "What a browser-based editor can do",
    intro: "Built on CodeMirror 6, the editing engine behind many developer tools.",
    items: [
      {
        icon: MonitorSmartphone,
        title: "Any computer, same editor",
        text: "A locked-down work laptop, a library PC, a Chromebook: if it has a current browser, it has this editor. There is no installer and no administrator password to ask for.",
      },
      {
        icon: FileCode2,
        title: "Opens the files you actually have",
        text: "Open .txt, .md, .csv, .html, .xml, .css and .json files, and code such as .js, .py or .yaml, from your computer with the Open button or by dragging them onto the editor. Code, Markdown and data files are highlighted by their type; .txt files stay plain. Files up to 500 MB are accepted, and saving keeps their name, line endings and encoding: UTF-8, UTF-16, Windows-1252, or an older regional one such as Shift_JIS, GBK or KOI8-R.",
      },
      {
        icon: Gauge,
        title: "Stays quick on big files",
        text: "Log files and data exports of tens of megabytes scroll and respond smoothly, because the editor only draws the lines you can see.",
      },
      {
        icon: Keyboard,
        title: "Editing tools that matter",
        text: "Line numbers, word wrap, visible whitespace, a print-margin guide at column 80, indent sizes of 2, 4 or 8 spaces, and Tab / Shift+Tab to indent whole selections.",
      },
      {
        icon: FileText,
        title: "Plain text stays plain",
        text: "Bold, italic and underline add Markdown-style markers such as **bold** that the editor highlights, so the file you save is still pure text that any program can read.",
      },
      {
        icon: Printer,
        title: "Print or make a PDF",
        text: "Export… makes a real PDF on A4 pages, as well as .rtf, .html, .md and .txt files. Print opens a clean A4 page with 2 cm margins when you want paper.",
      },
    ],
  },
  story: {
    title: "When a browser editor is the right tool",
    paragraphs: [
      "Desktop editors are wonderful on your own machine. The trouble starts on every other machine: the shared office PC where you cannot install software, the borrowed laptop, the school Chromebook, the server console where you only need to tidy a config file you downloaded. A browser-based editor covers all of them with one bookmark.",
      "Being in a browser does not have to mean being online-only or cloud-first. Plainpad reads the file you pick directly in the page; it is never uploaded. The draft you are working on is kept in your browser's storage within a second of each edit, so an accidental reload or a crashed tab does not cost you your work. When you are done, Save writes your changes back into the file you opened in Chrome, Edge and Opera; in other browsers it downloads the file under its name.",
      "It is deliberately not a word processor. There are no page layouts, fonts embedded in the file or tracked changes. If you need those, use a word processor. If you need to fix a CSV header, draft a README, clean up a list of email addresses with a regular expression or write without distractions, a plain-text editor is faster, and this one is already open.",
    ],
  },
  steps: {
    title: "How to edit a file in your browser",
    intro: "Four steps, no setup.",
    items: [
      {
        title: "Open the editor",
        text: "Go to the Text Editor. A new document called Untitled.txt is ready; click the name to rename it.",
      },
      {
        title: "Bring in a file (optional)",
        text: "Click Open, or drop a file onto the editor. Files that are not text, or larger than 500 MB, are refused with a message and your current document is left untouched.",
      },
      {
        title: "Edit with the toolbar or keys",
        text: "Press Ctrl+F (Cmd+F) to search with regular expressions, Ctrl+Z and Ctrl+Y to undo and redo, and open Settings for line numbers, wrap and theme.",
      },
      {
        title: "Save, export or print",
        text: "Ctrl+S (Cmd+S) saves into the file you opened, or downloads it where the browser cannot write files. Export… makes a .md, .html, .rtf or PDF file, Print gives you paper, and Save to Drive stores it in your Google Drive if you sign in.",
      },
    ],
  },
  learn: {
    title: "Get more out of the editor",
    text: "Tutorials that go from the first keystroke to Google Drive.",
    links: [
      {
        label: "Getting started with the Text Editor",
        to: "/tutorials/getting-started-text-editor/",
        text: "A five-minute tour of the toolbar, settings and saving.",
      },
      {
        label: "Google Drive integration",
        to: "/tutorials/google-drive-integration/",
        text: "Sign in, open a .txt file from Drive and save your work back to it.",
      },
      {
        label: "Customizing your writing environment",
        to: "/tutorials/customizing-writing-environment/",
        text: "Themes, font size, line numbers and the other settings worth changing.",
      },
    ],
  },
  faq: [
    {
      question: "Do I need to install anything?",
      answer:
        "No. The editor is a web page. Open it in a current version of Chrome, Edge, Firefox or Safari and start typing; there is no download, extension or plug-in.",
    },
    {
      question: "Is my file uploaded when I open it?",
      answer:
        "No. The browser reads the file you choose directly on your device. No Plainpad server can read documents; the only times your text leaves your computer are when you choose Save to Drive, share it as a link (the text then travels inside the link itself) or start a live session to edit it with others (each change is then encrypted in the page before it reaches our relay).",
    },
    {
      question: "Which file types can I open?",
      answer:
        "The editor opens plain text files ending in .txt, .md, .csv, .html, .xml, .css or .json, and code or configuration files such as .js, .py, .yaml or .sql, up to 500 MB each. Saving back keeps the file's name, encoding and line endings, and a download keeps its name too (a new document is a .txt file). Export… also makes .md, .html, .rtf and PDF files.",
    },
    {
      question: "Can it replace a word processor?",
      answer:
        "For plain text, yes. It does not create word-processor documents: there is no DOCX, and bold or italic are Markdown-style markers in the text. The .rtf export and the PDF of a plain text show your text as written; a Markdown document can also be exported as a formatted PDF or web page, with its headings, lists and tables laid out as the preview shows them. For a PDF, choose Export… and PDF document (.pdf).",
    },
  ],
  cta: {
    title: "Open a file and start editing",
    text: "Bookmark the editor once and you will have it on every computer you sit down at.",
  },
};
