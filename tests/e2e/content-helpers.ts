import { expect, type Page } from "@playwright/test";

/** Every JSON-LD block of the current page, parsed (fails the test on invalid JSON). */
export async function readJsonLd(page: Page): Promise<Record<string, unknown>[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/** JSON-LD blocks from raw (prerendered) HTML, before any script runs. */
export function jsonLdFromHtml(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((match) => JSON.parse(match[1]) as Record<string, unknown>);
}

/** The one block of a schema.org type. */
export function ofType(blocks: Record<string, unknown>[], type: string): Record<string, unknown> {
  const found = blocks.filter((block) => block["@type"] === type);
  expect(found, `exactly one ${type} JSON-LD block`).toHaveLength(1);
  return found[0];
}

/** Wraps `<meta name|property=... content=...>` lookups. */
export async function metaContent(
  page: Page,
  attribute: "name" | "property",
  key: string,
): Promise<string | null> {
  return page.locator(`meta[${attribute}="${key}"]`).first().getAttribute("content");
}
