import { expect, type Page } from "@playwright/test";

/**
 * Waits until the service worker is installed (every precached file downloaded) and active.
 * The page registers it after load, when idle, so this can take a few seconds.
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.active?.state ?? "none";
        }),
      { timeout: 30_000, intervals: [250] },
    )
    .toBe("activated");
}
