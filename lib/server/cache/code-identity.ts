/**
 * The identity of the code that derives what is persisted (issue 46): a hash of the sources of
 * lib/core, lib/server, lib/shared and the locked dependencies (`scripts/source-hash.mjs`). Every
 * index cache row, runs-list item, trend facts and timing file carries it, and what another build
 * made is recomputed: a change to a rule never leaves old figures in the cache. The server's bundles
 * and the CLI's have it inlined when they are built (next.config.ts, bin/compile-cli.mjs); under tsx
 * and vitest it is computed from the sources at start (about 40 ms).
 */
import "server-only";
import { derivedDataHash } from "@/scripts/source-hash.mjs";

export const CODE_HASH: string = process.env.VOICE_EVAL_CODE_HASH || derivedDataHash(process.cwd());
