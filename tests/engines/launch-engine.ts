import type { EngineBrowser, EngineName } from "./engine";

/**
 * Starts the browser of `engine` through its driver. Kept apart from engine.ts, which the
 * drivers themselves import: the drivers load only for the engine asked for.
 */
export async function launchEngine(engine: EngineName): Promise<EngineBrowser> {
  if (engine === "firefox") return (await import("./firefox")).launchFirefox();
  return (await import("./webkit")).launchWebKit();
}
