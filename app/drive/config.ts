/**
 * Google Drive configuration: the OAuth client id, the API key and the Cloud project number,
 * read from the build-time environment (`VITE_GOOGLE_CLIENT_ID`, `VITE_GOOGLE_API_KEY`,
 * `VITE_GOOGLE_APP_ID`; see README "Google Drive setup").
 */
import { DriveNotConfiguredError } from "./errors";

/** The three values the Drive integration needs; `appId` (project number) is optional. */
export interface DriveConfig {
  clientId: string;
  apiKey: string;
  appId: string;
}

/** Build-time environment as Vite exposes it (a parameter so tests can pass their own). */
export interface DriveEnv {
  VITE_GOOGLE_CLIENT_ID?: string;
  VITE_GOOGLE_API_KEY?: string;
  VITE_GOOGLE_APP_ID?: string;
}

/**
 * Name of the window property a browser test may set (before the page's scripts run) to give a
 * keyless build a configuration. It is read ONLY when the build has neither a client id nor an
 * API key, holds nothing but these three public identifiers (no token, no script URL), and so
 * cannot redirect a token anywhere: the script hosts and API endpoints stay fixed constants.
 */
export const TEST_CONFIG_GLOBAL = "__PLAINPAD_DRIVE_CONFIG__";

function clean(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function buildEnv(): DriveEnv {
  return {
    VITE_GOOGLE_CLIENT_ID: import.meta.env.VITE_GOOGLE_CLIENT_ID,
    VITE_GOOGLE_API_KEY: import.meta.env.VITE_GOOGLE_API_KEY,
    VITE_GOOGLE_APP_ID: import.meta.env.VITE_GOOGLE_APP_ID,
  };
}

function readTestOverride(): Partial<DriveConfig> | null {
  if (typeof window === "undefined") return null;
  const value = (window as unknown as Record<string, unknown>)[TEST_CONFIG_GLOBAL];
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  return {
    clientId: clean(record.clientId),
    apiKey: clean(record.apiKey),
    appId: clean(record.appId),
  };
}

/**
 * The Drive configuration, or null when the client id or the API key is missing (Drive features
 * then refuse with {@link DriveNotConfiguredError}).
 */
export function readDriveConfig(env: DriveEnv = buildEnv()): DriveConfig | null {
  const fromBuild: DriveConfig = {
    clientId: clean(env.VITE_GOOGLE_CLIENT_ID),
    apiKey: clean(env.VITE_GOOGLE_API_KEY),
    appId: clean(env.VITE_GOOGLE_APP_ID),
  };
  const buildHasKeys = fromBuild.clientId !== "" || fromBuild.apiKey !== "";
  const config = buildHasKeys ? fromBuild : { ...fromBuild, ...readTestOverride() };
  if (!config.clientId || !config.apiKey) return null;
  return { clientId: config.clientId, apiKey: config.apiKey, appId: config.appId ?? "" };
}

/** Like {@link readDriveConfig} but throws {@link DriveNotConfiguredError} when incomplete. */
export function requireDriveConfig(env?: DriveEnv): DriveConfig {
  const config = readDriveConfig(env);
  if (!config) throw new DriveNotConfiguredError();
  return config;
}
