import { Download, Layers, Lock, Save, Search, Smile } from "lucide-react";
import type { LandingContent } from "../landing-page";

/** Copy of /free-online-notepad/: for people who want somewhere to jot things down, now, for free. */
export const FREE_ONLINE_NOTEPAD: LandingContent = {
  seo: {
    title: "Free Online Notepad That Saves Automatically",
    description:
      "A free online notepad with no sign-up: notes save in your browser as you type, with unlimited tabs, find and replace, and .txt or .zip downloads.",
    path: "/free-online-notepad/",
    crumb: "Free Online Notepad",
  },
  hero: {
    eyebrow: "Free online notepad",
    title: "A free online notepad that remembers what you typed",
    intro:
      "Open a page, start typing, close the tab. When you come back, your notes are still there. Plainpad's notepad costs nothing, asks for no account and keeps every note in your own browser.",
    actions: [
      { label: "Open the notepad", to: "/online-notepad/" },
      { label: "Try the simple Text Editor", to: "/editor/" },
    ],
    note: "No sign-up, no trial, no watermark. Works in current Chrome, Edge, Firefox and Safari.",
  },
  features: {
    title: "What the free notepad does for you",
    intro: "Everything a scratchpad needs, and a few things most scratchpads forget.",
    items: [
      {
        icon: Save,
        title: "Saves itself as you type",
        text: "Each note is written to your browser's storage within a second of your last keystroke, and again when you close or hide the page. Reopen the notepad and every tab comes back, including the one you had open.",
      },
      {
        icon: Layers,
        title: "A tab for each thought",
        text: "Keep a shopping list, a phone-call log and a half-finished email side by side. There is no limit on the number of tabs, and each one keeps its own undo history.",
      },
      {
        icon: Lock,
        title: "Nobody else reads it",
        text: "No Plainpad server can read your notes. They live in this browser on this device until you save them to a file, save them to Google Drive, send one as a share link or open one for live editing, which sends only changes encrypted in your browser.",
      },
      {
        icon: Search,
        title: "Find and replace",
        text: "Press Ctrl+F (Cmd+F on a Mac) to jump through matches, or Ctrl+H to replace a word everywhere in the tab. The status bar counts lines, words and characters as you go.",
      },
      {
        icon: Smile,
        title: "Dates, emoji and symbols",
        text: "Press F5 to stamp the current date and time, pick from more than 400 emoji, or insert arrows, currency signs and Greek letters from the Insert menu.",
      },
      {
        icon: Download,
        title: "Take your notes with you",
        text: "Save a tab as a file, export it as .md, .html, .rtf or PDF, grab every tab at once as a .zip, print a note, or save it to a \"Plainpad Documents\" folder in your Google Drive.",
      },
    ],
  },
  story: {
    title: "Why a notepad in the browser beats a sticky note",
    paragraphs: [
      "Most notes are born in a hurry: a confirmation number read out over the phone, a list of things to bring, three ideas you will forget by lunch. The best place for them is whatever opens fastest. A browser tab is already open on almost every computer, so a notepad that lives at a web address is always one click away.",
      "Free note apps usually make you pay in another way: create an account, verify an email, sync to someone's cloud. Plainpad skips all of that. The notepad is a single web page that stores what you write in your browser's own database (IndexedDB). Nothing reaches us in a form we can read: a live session's relay holds only encrypted changes it has no key to, and Drive sync writes to your own Google Drive, so there is nothing for us to sell or scan.",
      "That design has one honest trade-off: your notes belong to this browser profile. If you clear your browser's site data, or switch to another computer, they stay behind unless you took them along. For anything you want to keep, use File > Download all tabs now and then, or save a note to Google Drive. To have your tabs on every computer, turn on File > Sync with Google Drive: each tab is kept as an ordinary text file in your own Drive, and your other computers can bring the same tabs in.",
    ],
  },
  steps: {
    title: "How it works",
    intro: "From blank page to saved file in under a minute.",
    items: [
      {
        title: "Open the notepad",
        text: "Go to the Advanced Notepad. Your first tab, Untitled-1, is ready with the cursor waiting.",
      },
      {
        title: "Type, paste, organize",
        text: "Write freely. Use File > New tab or the + button for another note, and double-click a tab to give it a name of up to 30 characters.",
      },
      {
        title: "Let it save",
        text: "You never have to remember to save: every change is kept in your browser. A \"• Modified\" marker in the status bar simply tells you the tab has changes you have not saved to a file yet.",
      },
      {
        title: "Keep a copy",
        text: "Press Ctrl+S (Cmd+S) to save the tab: back into the file you opened in Chrome, Edge and Opera, or as a download elsewhere. File > Download all tabs gives you a .zip of everything.",
      },
    ],
  },
  learn: {
    title: "Learn the notepad in a few minutes",
    text: "Short, practical guides written for people who just want to get on with their notes.",
    links: [
      {
        label: "Advanced multi-tab notepad tutorial",
        to: "/tutorials/advanced-multi-tab-notepad/",
        text: "Tabs, menus, find and replace, and the status bar, step by step.",
      },
      {
        label: "Keyboard shortcuts mastery",
        to: "/tutorials/keyboard-shortcuts-mastery/",
        text: "The handful of shortcuts that make note-taking noticeably faster.",
      },
      {
        label: "File management and export",
        to: "/tutorials/file-management-export/",
        text: "Where your notes are kept, and how to save, export or back them up.",
      },
    ],
  },
  faq: [
    {
      question: "Is the online notepad really free?",
      answer:
        "Yes. Plainpad is free to use with no account, no trial period and no paid tier. The site loads no analytics or advertising scripts today; if that ever changes, the privacy policy will name the service first, and it will never see your notes.",
    },
    {
      question: "Where are my notes stored?",
      answer:
        "In your browser's IndexedDB storage on your own device. Each tab is saved within a second of your last edit and restored when you reopen the notepad. Clearing the browser's site data deletes them, so save anything important to a file.",
    },
    {
      question: "Can I use the notepad on another computer?",
      answer:
        "Yes, it runs in any current browser. Notes are kept in the browser they were written in, so to have them on another computer, turn on File > Sync with Google Drive on both and sign in with the same Google account: the second one offers to bring in your synced tabs, and edits on either side reach the other. To move a single note, you can also download it, send it to yourself as a share link, or save it to Google Drive and open it there.",
    },
    {
      question: "Does it work without an internet connection?",
      answer:
        "Yes, after your first visit. Your browser keeps a copy of Plainpad, so the notepad, your tabs and opening or saving files on your computer all work without a connection, even after a reload. Saving to Google Drive is the one thing that needs the internet. You can also install Plainpad as an app from Chrome or Edge to open it in its own window.",
    },
  ],
  cta: {
    title: "Your next note is one click away",
    text: "Open the notepad in a new tab and leave it there. It will keep what you write until you decide what to do with it.",
  },
};
