/**
 * What the benchmark (bench/notepad-sync.bench.mjs, plain Node) takes from the TypeScript test
 * support: the one fake Drive, the one fake sign-in, and the randomized sync test's driver.
 * bench/drive-fake.mjs bundles this file with esbuild, so the bench and the tests share one
 * source.
 */
export { DriveModel } from "./drive-model";
export { installDriveFakes } from "../e2e/drive-fakes";
export { RANDOM_SYNC_CLASSES, runRandomSync } from "./sync-random";
