/**
 * What a scan worker loads only once a folder or a run level must be read: the readers, the core's
 * parsers and zod, about 470 KB of the 490 KB it was. A restart on an unchanged folder only checks
 * signatures and never loads them (bundled apart, see bin/compile-cli.mjs).
 */
import "server-only";
export { syncIo, syncLevelIo } from "./fs-sync";
export { plainLevel, readRunLevel } from "./read-run-level";
export { readScenario } from "./read-scenario";
