/** The landing page's words: its feature cards, Learning Center cards and four steps. */
import {
  BookOpen,
  Cloud,
  GraduationCap,
  HelpCircle,
  Layers,
  Lock,
  Moon,
  Search,
  Zap,
} from "lucide-react";

/** The six feature cards under the hero. */
export const FEATURES = [
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

/** The Learning Center's three cards. */
export const LEARNING_CARDS = [
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

/** "How to use Plainpad": four steps. */
export const STEPS = [
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
