/**
 * The blog's and the tutorials' slugs: each names a content file (`content.server.ts` reads
 * them), and the site's page table (`app/site/pages.ts`) makes a URL of each. Pure data.
 */

/** Blog article slugs, in the order the blog index lists them (spec section 2). */
export const BLOG_SLUGS = [
  "ultimate-guide-online-text-editing",
  "text-formatting-best-practices",
  "google-drive-integration-guide",
  "keyboard-shortcuts-writers",
  "future-online-text-editing",
  "how-to-use-online-text-editor",
  "remote-work-writing-best-practices",
  "text-editor-vs-word-processor",
  "writing-tips-for-students",
  "document-organization-strategies",
  "editing-code-and-markdown-in-the-browser",
  "how-live-collaboration-encryption-works",
] as const;

/** Tutorial slugs; getting-started-text-editor is the featured one. */
export const TUTORIAL_SLUGS = [
  "getting-started-text-editor",
  "advanced-multi-tab-notepad",
  "google-drive-integration",
  "customizing-writing-environment",
  "keyboard-shortcuts-mastery",
  "file-management-export",
] as const;

export type BlogSlug = (typeof BLOG_SLUGS)[number];
export type TutorialSlug = (typeof TUTORIAL_SLUGS)[number];
