/**
 * Recordings of an object-storage source are listed in its mirror's manifest but not fetched with the
 * rest (they are most of a run's bytes): a recording the mirror lacks reads as present, by its
 * manifest size and LastModified (the very size and mtime the fetched file will have, so no cache key
 * moves), and is fetched whole from the store on its first request (the player, the analysis), written
 * atomically into the mirror. For a folder source every function here is a no-op.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { lstatSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { getObject, makeS3Client } from "./s3-client";
import { parseS3Url } from "./s3-location";
import type { MirrorEntry } from "./mirror";

type Env = Record<string, string | undefined>;

interface LazyState {
  manifest: { mtimeMs: number; entries: Record<string, MirrorEntry> } | null;
  fetching: Map<string, Promise<void>>;
}

/** One per process (Next loads this module once per bundle). */
function state(): LazyState {
  const g = globalThis as { __voiceEvalLazyRecordings?: LazyState };
  g.__voiceEvalLazyRecordings ??= { manifest: null, fetching: new Map() };
  return g.__voiceEvalLazyRecordings;
}

function mirrorOf(env: Env): { root: string; files: string; url: string } | null {
  const root = env.VOICE_EVAL_SOURCE_MIRROR;
  const files = env.RESULTS_DIR;
  const url = env.VOICE_EVAL_SOURCE_URL;
  return root && files && url ? { root, files, url } : null;
}

function manifest(root: string): Record<string, MirrorEntry> {
  const s = state();
  const file = join(root, "manifest.json");
  let mtimeMs = -1;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {}
  if (s.manifest?.mtimeMs !== mtimeMs) {
    let entries: Record<string, MirrorEntry> = {};
    try {
      entries = (JSON.parse(readFileSync(file, "utf8")) as { objects?: Record<string, MirrorEntry> }).objects ?? {};
    } catch {}
    s.manifest = { mtimeMs, entries };
  }
  return s.manifest.entries;
}

/** The manifest's entry of a recording the mirror lists but has not fetched, or null. */
export function lazyRecording(path: string, env: Env = process.env): MirrorEntry | null {
  const m = mirrorOf(env);
  if (!m) return null;
  const key = relative(m.files, path);
  if (key.startsWith("..") || key.startsWith(sep)) return null;
  const entry = manifest(m.root)[key.split(sep).join("/")];
  return entry?.lazy ? entry : null;
}

/** Fetches a lazy recording into the mirror before it is opened; a no-op when it is there, or not lazy. */
export async function ensureRecording(path: string, env: Env = process.env): Promise<void> {
  const m = mirrorOf(env);
  if (!m) return;
  try {
    lstatSync(path);
    return;
  } catch {}
  const entry = lazyRecording(path, env);
  if (!entry) return;
  const s = state();
  let pending = s.fetching.get(path);
  if (!pending) {
    pending = fetchInto(m, path, entry, env).finally(() => s.fetching.delete(path));
    s.fetching.set(path, pending);
  }
  // A store that fails leaves the recording absent: the request reads it as missing, and the next one tries again.
  await pending.catch(() => {});
}

async function fetchInto(m: { root: string; files: string; url: string }, path: string, entry: MirrorEntry, env: Env): Promise<void> {
  const key = relative(m.files, path).split(sep).join("/");
  const client = await makeS3Client(env);
  try {
    const body = await getObject(client, parseS3Url(m.url), key);
    const tmpDir = join(m.root, "tmp-server");
    mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
    const tmp = join(tmpDir, randomBytes(8).toString("hex"));
    writeFileSync(tmp, body, { mode: 0o600, flag: "wx" });
    try {
      utimesSync(tmp, new Date(entry.lastModified), new Date(entry.lastModified));
      mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
      renameSync(tmp, path);
    } finally {
      rmSync(tmp, { force: true });
    }
  } finally {
    client.destroy();
  }
}
