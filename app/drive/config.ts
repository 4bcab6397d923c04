/**
 * Google Drive configuration: the OAuth client id, the API key and the Cloud project number,
 * read from the build-time environment (`VITE_GOOGLE_CLIENT_ID`, `VITE_GOOGLE_API_KEY`,
 * `VITE_GOOGLE_APP_ID`, and the opt-in `VITE_GOOGLE_DRIVE_READONLY`; see
 * docs/drive-setup.md and docs/decisions/006-drive-file-scope.md).
 */
import { DriveNotConfiguredError, type DriveConfigProblem } from "./errors";

/** What the Drive integration needs. All three ids are required. */
export interface DriveConfig {
  clientId: string;
  apiKey: string;
  /**
   * The Cloud project NUMBER (digits only). The Picker must be built with it: with the
   * drive.file scope Google lets the app write a picked file only when the Picker carried it.
   */
  appId: string;
  /**
   * Ask for drive.readonly as well as drive.file. Off unless the deployment sets
   * `VITE_GOOGLE_DRIVE_READONLY=true`: drive.readonly is a restricted scope, which only an app
   * that passed Google's restricted-scope review may ask of the public.
   */
  readonly: boolean;
}

/** Build-time environment as Vite exposes it (a parameter so tests can pass their own). */
export interface DriveEnv {
  VITE_GOOGLE_CLIENT_ID?: string;
  VITE_GOOGLE_API_KEY?: string;
  VITE_GOOGLE_APP_ID?: string;
  VITE_GOOGLE_DRIVE_READONLY?: string;
}

/** The configuration, or what is wrong with it (each problem names its variable). */
export type DriveConfigCheck =
  { ok: true; config: DriveConfig } | { ok: false; problems: readonly DriveConfigProblem[] };

/**
 * Name of the window property a browser test may set (before the page's scripts run) to give a
 * keyless build a configuration. It is read ONLY when the build has none of the three ids,
 * holds nothing but public identifiers (no token, no script URL), and so cannot redirect a
 * token anywhere: the script hosts and API endpoints stay fixed constants.
 */
export const TEST_CONFIG_GLOBAL = "__PLAINPAD_DRIVE_CONFIG__";

/** A Cloud project number: digits only (a project id such as "plainpad-4711" is not one). */
const PROJECT_NUMBER = /^\d+$/;

function clean(value: unknown): string {
  return typeof value === "string" ? value.trim() : "";
}

function buildEnv(): DriveEnv {
  return {
    VITE_GOOGLE_CLIENT_ID: import.meta.env.VITE_GOOGLE_CLIENT_ID,
    VITE_GOOGLE_API_KEY: import.meta.env.VITE_GOOGLE_API_KEY,
    VITE_GOOGLE_APP_ID: import.meta.env.VITE_GOOGLE_APP_ID,
    VITE_GOOGLE_DRIVE_READONLY: import.meta.env.VITE_GOOGLE_DRIVE_READONLY,
  };
}

function readTestOverride(): DriveEnv | null {
  if (typeof window === "undefined") return null;
  const value = (window as unknown as Record<string, unknown>)[TEST_CONFIG_GLOBAL];
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  return {
    VITE_GOOGLE_CLIENT_ID: clean(record.clientId),
    VITE_GOOGLE_API_KEY: clean(record.apiKey),
    VITE_GOOGLE_APP_ID: clean(record.appId),
    VITE_GOOGLE_DRIVE_READONLY: record.readonly === true ? "true" : "",
  };
}

/**
 * Checks the environment: the client id, the API key and the app id must be set, and the app id
 * must be the project number (all digits). `VITE_GOOGLE_DRIVE_READONLY` is on only for the
 * exact value "true".
 */
export function checkDriveConfig(env: DriveEnv = buildEnv()): DriveConfigCheck {
  const fromBuild = {
    clientId: clean(env.VITE_GOOGLE_CLIENT_ID),
    apiKey: clean(env.VITE_GOOGLE_API_KEY),
    appId: clean(env.VITE_GOOGLE_APP_ID),
  };
  const buildHasIds = Object.values(fromBuild).some((value) => value !== "");
  const source = buildHasIds ? env : (readTestOverride() ?? env);
  const config: DriveConfig = {
    clientId: clean(source.VITE_GOOGLE_CLIENT_ID),
    apiKey: clean(source.VITE_GOOGLE_API_KEY),
    appId: clean(source.VITE_GOOGLE_APP_ID),
    readonly: clean(source.VITE_GOOGLE_DRIVE_READONLY).toLowerCase() === "true",
  };
  const problems: DriveConfigProblem[] = [];
  if (!config.clientId) problems.push({ variable: "VITE_GOOGLE_CLIENT_ID", kind: "missing" });
  if (!config.apiKey) problems.push({ variable: "VITE_GOOGLE_API_KEY", kind: "missing" });
  if (!config.appId) problems.push({ variable: "VITE_GOOGLE_APP_ID", kind: "missing" });
  else if (!PROJECT_NUMBER.test(config.appId)) {
    problems.push({ variable: "VITE_GOOGLE_APP_ID", kind: "not-a-project-number" });
  }
  return problems.length ? { ok: false, problems } : { ok: true, config };
}

/** The Drive configuration, or null when it is incomplete or wrong (see {@link checkDriveConfig}). */
export function readDriveConfig(env?: DriveEnv): DriveConfig | null {
  const check = checkDriveConfig(env);
  return check.ok ? check.config : null;
}

/** Like {@link readDriveConfig} but throws {@link DriveNotConfiguredError} naming the problems. */
export function requireDriveConfig(env?: DriveEnv): DriveConfig {
  const check = checkDriveConfig(env);
  if (!check.ok) throw new DriveNotConfiguredError(check.problems);
  return check.config;
}
