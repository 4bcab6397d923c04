import {
  CalendarClock,
  Cloud,
  FileDown,
  Globe,
  KeyRound,
  Laptop,
  Layers,
  ListChecks,
  Plane,
  Search,
  ShieldCheck,
  Wifi,
} from "lucide-react";
import type { ComparisonRow } from "../comparison-table";
import type { FaqItem } from "../faq-list";
import type { FeatureItem } from "../feature-grid";
import type { Stat } from "../stat-row";

/** True figures for the hero (no invented user counts). */
export const REMOTE_STATS: readonly Stat[] = [
  { value: "$0", label: "Free, no account to create" },
  { value: "0 words", label: "of your documents our servers can read" },
  { value: "1 s", label: "until the notepad stores a change" },
  { value: "500 MB", label: "largest file the editor opens" },
];

/** Feature cards of the remote-workers page. */
export const REMOTE_FEATURES: readonly FeatureItem[] = [
  {
    icon: Laptop,
    title: "Works on whatever you are using",
    text: "Company laptop, home desktop, a hotel business-center PC: the editor is a web page, so you need a current browser and nothing else.",
  },
  {
    icon: Layers,
    title: "Tabs for every workstream",
    text: "Keep stand-up notes, a client follow-up and a draft proposal open together in the Advanced Notepad, each tab with its own undo history.",
  },
  {
    icon: ShieldCheck,
    title: "Private by default",
    text: "Text is stored in your browser on your device. A live session sends only encrypted changes through our relay, which cannot read them, so it is easier to use on networks you do not control.",
  },
  {
    icon: Cloud,
    title: "Google Drive when you switch machines",
    text: "Sign in with Google to save a document to a \"Plainpad Documents\" folder, then open it from Drive on your other computer.",
  },
  {
    icon: Search,
    title: "Find anything in long notes",
    text: "Search a month of running notes with Ctrl+F, or replace a project code name everywhere in a tab with Ctrl+H.",
  },
  {
    icon: CalendarClock,
    title: "Timestamps in one key",
    text: "Press F5 in the notepad to insert the current local date and time, handy for logs across time zones.",
  },
];

/** The benefits list beside the example card. */
export const REMOTE_BENEFITS = [
  {
    title: "No setup on a new machine",
    text: "Starting on a fresh laptop or a borrowed one? Open the bookmark and you are writing within seconds.",
  },
  {
    title: "No login wall between you and a note",
    text: "There is no Plainpad account. Google sign-in is only needed if you want Drive.",
  },
  {
    title: "Drafts survive reloads and crashes",
    text: "Both editors keep your work in the browser as you type, so a frozen video call or a browser restart does not eat your notes.",
  },
  {
    title: "Files your whole team can open",
    text: "Saved files are plain text that opens in every editor, chat app preview and operating system, and Export… makes .md, .html, .rtf or PDF files when someone needs another format.",
  },
] as const;

/** Scenario cards: concrete remote-work situations and how Plainpad fits them. */
export const REMOTE_SCENARIOS: readonly FeatureItem[] = [
  {
    icon: ListChecks,
    title: "Running meeting notes",
    text: "Keep one notepad tab per recurring meeting. Press F5 at the top of each session for a timestamp, and the whole history stays searchable in one place.",
  },
  {
    icon: Plane,
    title: "Working while traveling",
    text: "On a shared or borrowed computer, write in the editor, then download the file or save it to Drive before you log off, and clear the browser's site data if the machine is not yours.",
  },
  {
    icon: Globe,
    title: "Handing off across time zones",
    text: "Write an end-of-day summary in plain text, download it, and paste or attach it where your team reads. Plain text looks the same in every tool.",
  },
  {
    icon: KeyRound,
    title: "Scratchpad for sensitive snippets",
    text: "Draft a message or tidy a log extract without pasting it into a third-party service. Your text stays in your browser on your device.",
  },
];

/** Plainpad vs desktop apps vs email attachments: only claims we can stand behind. */
export const REMOTE_COMPARISON: { columns: readonly string[]; rows: readonly ComparisonRow[] } = {
  columns: ["Plainpad", "Desktop apps", "Email attachments"],
  rows: [
    { feature: "Install needed", values: ["None", "On every computer", "A mail app or webmail"] },
    { feature: "Works on any computer with a browser", values: ["yes", "no", "partly"] },
    { feature: "File stays on your device", values: ["yes", "yes", "no"] },
    { feature: "Cost", values: ["Free", "Free to paid licenses", "Included with your email"] },
    { feature: "Several documents open in tabs", values: ["yes", "Depends on the app", "no"] },
    { feature: "Drafts kept automatically", values: ["yes", "Depends on the app", "partly"] },
    { feature: "Real-time collaboration", values: ["yes", "Some apps", "no"] },
    {
      feature: "Version history",
      values: ["yes", "Depends on the app", "A new copy per email"],
    },
  ],
};

/** Three practical tips. */
export const REMOTE_TIPS: readonly FeatureItem[] = [
  {
    icon: FileDown,
    title: "Download at the end of the day",
    text: "Browser storage is per device. Make File > Download all tabs your log-off ritual, and you always have a .zip backup.",
  },
  {
    icon: Wifi,
    title: "Ready for the train",
    text: "Open Plainpad once while you are online and it works offline from then on: the notepad, your tabs and files on your laptop load without a connection. Install it from Chrome or Edge to get its own window.",
  },
  {
    icon: ListChecks,
    title: "Name tabs by project",
    text: "Double-click a tab and give it a short name, like \"ACME launch\". Names can be up to 30 characters, and Ctrl+1 to Ctrl+9 jumps between them.",
  },
];

/** The four-question FAQ. */
export const REMOTE_FAQ: readonly FaqItem[] = [
  {
    question: "Can my team edit the same document at the same time?",
    answer:
      "Yes. Choose Live collaboration… (in the Text Editor's header, or File > Live collaboration… in the Advanced Notepad) and send the Edit link: everyone who opens it edits the same text at once, with each person's cursor and name shown, and no account. A View-only link lets people follow without changing anything. Every change is encrypted in the browser before it leaves, and the key is in the part of the link after the #, which browsers never send to a server, so our relay passes on and keeps only text it cannot read. Anyone with the Edit link can edit, so share it like a key.",
  },
  {
    question: "Is it safe to use on my company network?",
    answer:
      "Your documents are edited and stored in your browser and are not sent to Plainpad; in a live session only encrypted changes pass through our relay, which sees room ids, sizes, times and IP addresses but not a word of the text. The site loads no analytics or advertising scripts today; if that ever changes, the privacy policy will name the service first, and it will never see your documents. Follow your employer's policy on which tools you may use.",
  },
  {
    question: "How do I get my notes onto another computer?",
    answer:
      "Download them as files (or all notepad tabs as one .zip), send yourself a share link, or save them to Google Drive and open them from Drive on the other computer.",
  },
  {
    question: "What happens if my browser crashes mid-sentence?",
    answer:
      "Both editors store your text in the browser within about a second of each edit, so reopening the page brings back your draft, or every notepad tab, as it was.",
  },
];
