import DOMPurify, { type DOMPurify as Purifier } from "dompurify";
import { HEADING_ID_PREFIX } from "~/text/markdown-blocks";

/**
 * The preview's sanitizer policy (issue 30, decision 018). Markdown may hold raw HTML, and a
 * file from anywhere may be hostile, so every block the renderer makes passes through DOMPurify
 * with an allow-list, then through the rules below, before it reaches the page:
 *
 * - Only text-formatting elements survive: no script, style, iframe, object, form, svg, math,
 *   media, link or meta. No event handler, no inline style (a style can fetch a URL), no `name`.
 * - Links keep only http, https and mailto addresses, and open in a new tab with
 *   `rel="noopener noreferrer"`; `#section` links stay (the preview scrolls to the heading).
 *   Any other address (javascript:, data:, a file beside the document) loses its href.
 * - Remote images are not fetched until the user allows them for the document: until then each
 *   is a placeholder naming its host. Relative and file images become a placeholder (the page
 *   cannot read files beside the document). Only raster `data:image/…` images show at once.
 * - Classes are dropped except a code block's `language-…` (a page class could cover the UI),
 *   and ids only kept on headings (`md-…`), so nothing shadows the page's own names.
 */

const ALLOWED_TAGS = [
  "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "code", "col", "colgroup", "dd",
  "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3",
  "h4", "h5", "h6", "hr", "i", "img", "input", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q",
  "rp", "rt", "ruby", "s", "samp", "small", "span", "strong", "sub", "summary", "sup", "table",
  "tbody", "td", "tfoot", "th", "thead", "time", "tr", "u", "ul", "var", "wbr",
]; // prettier-ignore

const ALLOWED_ATTR = [
  "href", "src", "alt", "title", "class", "id", "colspan", "rowspan", "align", "type", "checked",
  "disabled", "start", "reversed", "open", "lang", "dir", "datetime", "width", "height",
]; // prettier-ignore

/** Addresses a link may keep. */
const SAFE_LINK = /^(?:https?:|mailto:)/i;
/** Images that make no request and cannot hold script. */
const INLINE_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp|avif);/i;
const REMOTE_IMAGE = /^https?:\/\//i;

/** Class names of the elements the sanitizer puts in place of images. */
export const IMAGE_PLACEHOLDER_CLASS = "md-image-placeholder";

/** What `sanitizeMarkdownHtml` made. */
export interface SanitizedBlock {
  fragment: DocumentFragment;
  /** Remote images shown as placeholders (0 when remote images were allowed). */
  blockedImages: number;
}

let purifier: Purifier | null = null;

function getPurifier(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(window);
    // Set once: each block's sanitize then skips reading the configuration again.
    purifier.setConfig({
      ALLOWED_TAGS,
      ALLOWED_ATTR,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      // Relative addresses survive here so an image can name its file in the placeholder; the
      // link and image rules below decide what may stay.
      ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto):|data:image\/|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
      RETURN_DOM_FRAGMENT: true,
    });
  }
  return purifier;
}

function hostOf(address: string): string {
  try {
    return new URL(address).host;
  } catch {
    return address;
  }
}

function placeholder(doc: Document, text: string, remoteSource?: string): HTMLElement {
  const element = doc.createElement("span");
  element.className = IMAGE_PLACEHOLDER_CLASS;
  element.textContent = text;
  if (remoteSource) element.dataset.remoteSrc = remoteSource;
  return element;
}

/** Replaces an image by what the policy allows; returns true when a remote image was held back. */
function applyImagePolicy(image: HTMLImageElement, allowRemoteImages: boolean): boolean {
  const source = image.getAttribute("src") ?? "";
  const alt = image.getAttribute("alt")?.trim() ?? "";
  const label = alt ? `“${alt}”` : "Image";
  image.removeAttribute("class");
  if (INLINE_IMAGE.test(source)) return false;
  const doc = image.ownerDocument;
  if (REMOTE_IMAGE.test(source)) {
    if (allowRemoteImages) {
      image.setAttribute("referrerpolicy", "no-referrer");
      image.setAttribute("loading", "lazy");
      return false;
    }
    image.replaceWith(
      placeholder(doc, `${label} from ${hostOf(source)} is not loaded yet`, source),
    );
    return true;
  }
  image.replaceWith(
    placeholder(
      doc,
      source
        ? `${label} (${source}) is not shown: the preview cannot open files beside the document`
        : `${label} has no address`,
    ),
  );
  return false;
}

function applyLinkPolicy(link: HTMLAnchorElement): void {
  const address = link.getAttribute("href");
  if (address === null) return;
  if (SAFE_LINK.test(address)) {
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer");
  } else if (address.startsWith("#") && address.length > 1) {
    link.removeAttribute("target");
  } else {
    link.removeAttribute("href");
    link.removeAttribute("target");
    if (address.trim()) link.setAttribute("title", `${address} (not opened from the preview)`);
  }
}

/**
 * Sanitizes one block of preview HTML (see the policy above) into a fragment of `document`.
 * `allowRemoteImages`: the user allowed this document's remote images.
 */
export function sanitizeMarkdownHtml(html: string, allowRemoteImages: boolean): SanitizedBlock {
  // DOMPurify parses into a document of its own with no window: no script runs and no image
  // loads there, so the rules below are applied before any of it reaches the page.
  const root = getPurifier().sanitize(html, { RETURN_DOM_FRAGMENT: true });
  const fragment = root;
  let blockedImages = 0;
  for (const element of Array.from(fragment.querySelectorAll("[class]"))) {
    const keep = element.tagName === "CODE" && /^language-[\w+#.-]+$/.test(element.className);
    if (!keep) element.removeAttribute("class");
  }
  for (const element of Array.from(fragment.querySelectorAll("[id]"))) {
    if (!/^H[1-6]$/.test(element.tagName) || !element.id.startsWith(HEADING_ID_PREFIX))
      element.removeAttribute("id");
  }
  for (const link of Array.from(fragment.querySelectorAll("a"))) applyLinkPolicy(link);
  for (const image of Array.from(fragment.querySelectorAll("img"))) {
    if (applyImagePolicy(image, allowRemoteImages)) blockedImages++;
  }
  for (const input of Array.from(fragment.querySelectorAll("input"))) {
    if (input.getAttribute("type") !== "checkbox") {
      input.remove();
      continue;
    }
    input.setAttribute("disabled", "");
    // A task list's box is named by its task, for screen readers.
    const task = input.parentElement?.textContent?.trim().slice(0, 120);
    input.setAttribute("aria-label", task || "Task");
  }
  // Only now, every rule applied, does the block join the page's document: as a copy, which
  // browsers make several times faster than moving nodes between documents one by one.
  return { fragment: document.importNode(root, true), blockedImages };
}

/** The sanitized HTML of a whole document, as a string (exports and printing). */
export function sanitizeMarkdownToString(html: string, allowRemoteImages: boolean): string {
  const { fragment } = sanitizeMarkdownHtml(html, allowRemoteImages);
  const holder = document.createElement("div");
  holder.append(fragment);
  return holder.innerHTML;
}
