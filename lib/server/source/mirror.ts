/**
 * The local read-only mirror of an object-storage source, in the state folder (owner-only: folders
 * 0700, files 0600; never inside a results folder). Every reader of the dashboard runs on its `files/`
 * folder unchanged. An object is written only when its ETag, size or LastModified changed since the
 * mirror last saw it (`manifest.json`), atomically (written in `tmp/`, renamed into place: a
 * half-fetched file never shows), its mtime set from LastModified. Recordings (`*.wav`) are never
 * fetched eagerly: they are listed in the manifest as lazy.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { dirname, join } from "node:path";
import type { ObjectMeta } from "./s3-client";

export interface MirrorEntry {
  etag: string;
  size: number;
  lastModified: number;
  /** Listed but not fetched (a recording): fetched on first request, if ever. */
  lazy?: true;
}

/** A key the mirror cannot hold as a path below `files/`, and why: named, never written. */
export interface SkippedKey {
  key: string;
  reason: string;
}

/** Whether an object is fetched only when asked for: the recordings, by far the largest objects of a run. */
export function isLazyKey(key: string): boolean {
  return /\.wav$/i.test(key);
}

/** Why a key cannot be a path below the mirror's folder, or null when it can. */
export function unsafeKeyReason(key: string): string | null {
  if (key === "" || key.length > 1024) return "an empty or over-long key";
  if (key.includes("\0")) return "a NUL in the key";
  const parts = key.split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..")) return "an empty, . or .. segment";
  if (parts.some((p) => Buffer.byteLength(p) > 255)) return "a segment longer than a file name may be";
  return null;
}

const sameObject = (a: MirrorEntry | undefined, b: ObjectMeta) => !!a && a.etag === b.etag && a.size === b.size && a.lastModified === b.lastModified;

export class Mirror {
  readonly filesDir: string;
  private readonly tmpDir: string;
  private readonly manifestFile: string;
  private entries: Map<string, MirrorEntry>;
  /** Bytes fetched and objects written since the mirror was opened (what the bench and health read). */
  readonly counts = { fetched: 0, fetchedBytes: 0, removed: 0 };
  skipped: SkippedKey[] = [];

  /** `name`: the folder's own name below `files/` (the prefix's last segment), as the folder on disk is named. */
  constructor(
    readonly root: string,
    name: string,
  ) {
    this.filesDir = join(root, "files", name);
    this.tmpDir = join(root, "tmp");
    this.manifestFile = join(root, "manifest.json");
    for (const d of [root, join(root, "files"), this.filesDir, this.tmpDir]) mkdirSync(d, { recursive: true, mode: 0o700 });
    rmSync(this.tmpDir, { recursive: true, force: true });
    mkdirSync(this.tmpDir, { mode: 0o700 });
    this.entries = this.loadManifest();
  }

  private loadManifest(): Map<string, MirrorEntry> {
    try {
      const parsed = JSON.parse(readFileSync(this.manifestFile, "utf8")) as { v?: number; objects?: Record<string, MirrorEntry> };
      if (parsed.v !== 1 || !parsed.objects || typeof parsed.objects !== "object") return new Map();
      return new Map(Object.entries(parsed.objects));
    } catch {
      // None yet, or damaged: the mirror is disposable; every object is compared with the store again.
      return new Map();
    }
  }

  saveManifest(): void {
    this.writeAtomically(this.manifestFile, JSON.stringify({ v: 1, objects: Object.fromEntries(this.entries) }));
  }

  entry(key: string): MirrorEntry | undefined {
    return this.entries.get(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What of `objects` must be fetched (changed and eager; `recordings`: the recordings too), marked lazy, or skipped. */
  plan(objects: readonly ObjectMeta[], recordings = false): { fetch: ObjectMeta[]; lazy: ObjectMeta[]; skipped: SkippedKey[] } {
    const fetch: ObjectMeta[] = [];
    const lazy: ObjectMeta[] = [];
    const skipped: SkippedKey[] = [];
    for (const o of objects) {
      if (o.key.endsWith("/")) continue; // a folder marker some tools write
      const why = unsafeKeyReason(o.key);
      if (why) skipped.push({ key: o.key, reason: why });
      else if (sameObject(this.entries.get(o.key), o) && !(recordings && this.entries.get(o.key)?.lazy)) continue;
      else if (isLazyKey(o.key) && !recordings) lazy.push(o);
      else fetch.push(o);
    }
    return { fetch, lazy, skipped };
  }

  /** Writes one fetched object into place (atomically), or names why it cannot be. */
  put(o: ObjectMeta, body: Uint8Array): void {
    const target = join(this.filesDir, o.key);
    try {
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      // An object `a` and an object `a/b` cannot both be paths; the one that is not a file is removed.
      const existing = lstatOrNull(target);
      if (existing?.isDirectory()) throw new Error("a folder of that name holds other objects");
      this.writeAtomically(target, body, o.lastModified);
    } catch (err) {
      this.skipped.push({
        key: o.key,
        reason: (err as NodeJS.ErrnoException).code === "ENOTDIR" ? "a file of a parent folder's name" : (err as Error).message,
      });
      return;
    }
    this.entries.set(o.key, { etag: o.etag, size: o.size, lastModified: o.lastModified });
    this.counts.fetched++;
    this.counts.fetchedBytes += body.byteLength;
  }

  /** Records a recording as listed, and drops a copy fetched before (by a command, or by the server on request) of another version. */
  putLazy(o: ObjectMeta): void {
    if (this.entries.has(o.key)) rmSync(join(this.filesDir, o.key), { force: true });
    this.entries.set(o.key, { etag: o.etag, size: o.size, lastModified: o.lastModified, lazy: true });
  }

  /** Drops an object deleted from the store, and the folders it leaves empty. */
  remove(key: string): void {
    if (!this.entries.delete(key)) return;
    try {
      unlinkSync(join(this.filesDir, key));
    } catch {}
    // Folders left empty go too, up to `files/` (rmdir refuses a folder that still holds something).
    for (let dir = dirname(join(this.filesDir, key)); dir.startsWith(this.filesDir + "/"); dir = dirname(dir)) {
      try {
        rmdirSync(dir);
      } catch {
        break;
      }
    }
    this.counts.removed++;
  }

  /** Keys the mirror holds that `present` does not: objects deleted from the store. */
  absentFrom(present: ReadonlySet<string>): string[] {
    return [...this.entries.keys()].filter((k) => !present.has(k));
  }

  private writeAtomically(target: string, body: string | Uint8Array, mtimeMs?: number): void {
    const tmp = join(this.tmpDir, randomBytes(8).toString("hex"));
    const fd = openSync(tmp, "wx", 0o600);
    try {
      if (typeof body === "string") writeFileSync(fd, body);
      else {
        let off = 0;
        while (off < body.byteLength) off += writeSync(fd, body, off, body.byteLength - off);
      }
    } finally {
      closeSync(fd);
    }
    if (mtimeMs !== undefined && mtimeMs > 0) utimesSync(tmp, new Date(mtimeMs), new Date(mtimeMs));
    renameSync(tmp, target);
  }
}

function lstatOrNull(p: string) {
  try {
    return lstatSync(p);
  } catch {
    return null;
  }
}
