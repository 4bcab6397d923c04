import { EXPORT_FORMATS } from "~/text/export-formats";
import { LANGUAGES, PLAIN_TEXT } from "~/text/languages";

/**
 * Counts the site's pages state about the product, taken from the product's own tables so a
 * page cannot fall behind when a language or a format is added. Pure tables only: no editor code.
 */

/** How many languages the editors highlight (every entry of the language table but plain text). */
export const HIGHLIGHTED_LANGUAGE_COUNT = LANGUAGES.filter(
  (language) => language.id !== PLAIN_TEXT,
).length;

/** How many formats Export… offers. */
export const EXPORT_FORMAT_COUNT = EXPORT_FORMATS.length;
