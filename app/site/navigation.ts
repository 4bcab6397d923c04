/** A link of the site navigation; blog entries also carry a short description. */
export interface NavItem {
  name: string;
  href: string;
  description?: string;
}

/** Main header links (spec: Home, Text Editor, Advanced Notepad, Tutorials, FAQ). */
export const MAIN_NAV: NavItem[] = [
  { name: "Home", href: "/" },
  { name: "Text Editor", href: "/editor/" },
  { name: "Advanced Notepad", href: "/online-notepad/" },
  { name: "Tutorials", href: "/tutorials/" },
  { name: "FAQ", href: "/faq/" },
];

/** The Blog dropdown's entries. */
export const BLOG_NAV: NavItem[] = [
  { name: "All Articles", href: "/blog/", description: "Every guide and article" },
  {
    name: "Ultimate Guide",
    href: "/blog/ultimate-guide-online-text-editing/",
    description: "Online text editing from first file to power use",
  },
  {
    name: "Keyboard Shortcuts",
    href: "/blog/keyboard-shortcuts-writers/",
    description: "Write faster without the mouse",
  },
  {
    name: "Google Drive Setup",
    href: "/blog/google-drive-integration-guide/",
    description: "Open and save your files in Drive",
  },
  {
    name: "Formatting Tips",
    href: "/blog/text-formatting-best-practices/",
    description: "Clean, readable plain text",
  },
];

/** "Popular Articles" in the mobile menu. */
export const POPULAR_ARTICLES: NavItem[] = BLOG_NAV.slice(1);
