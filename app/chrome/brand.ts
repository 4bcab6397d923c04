/**
 * The site's name: the one place it is written. Here, beside the logo that shows it, because the
 * editors wear the logo too; `site/config.ts` passes it on to the site's pages with the other
 * site-wide constants.
 */
export const SITE_NAME = "Plainpad";
