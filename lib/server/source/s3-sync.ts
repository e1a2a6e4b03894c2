/** One pass of a replica that reads the store itself: a paged listing, then only the changed objects fetched. */
import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import { getObject, listObjects, type ObjectMeta } from "./s3-client";
import type { S3Location } from "./s3-location";
import type { Mirror } from "./mirror";

/** GETs at once: small objects are bound by round trips, not bandwidth. */
const FETCH_CONCURRENCY = 16;

export interface PassCounts {
  listed: number;
  fetched: number;
  removed: number;
}

/** Runs `work` over `items`, at most `limit` at once; the first failure ends the pass (its cause is the source's problem). */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++] as T);
  });
  await Promise.all(lanes);
}

/** Fetches what changed of `objects` into the mirror; returns how many were fetched. */
export async function fetchChanged(client: S3Client, loc: S3Location, mirror: Mirror, objects: readonly ObjectMeta[], recordings = false): Promise<number> {
  const { fetch, lazy, skipped } = mirror.plan(objects, recordings);
  mirror.skipped = skipped;
  for (const o of lazy) mirror.putLazy(o);
  await eachLimited(fetch, FETCH_CONCURRENCY, async (o) => mirror.put(o, await getObject(client, loc, o.key)));
  return fetch.length;
}

/** A whole pass against the store: list, fetch the changed (`recordings`: the recordings too, for a command that reads them), drop the deleted, save the manifest. */
export async function syncFromS3(client: S3Client, loc: S3Location, mirror: Mirror, recordings = false): Promise<PassCounts> {
  const objects = await listObjects(client, loc);
  let fetched = 0;
  try {
    fetched = await fetchChanged(client, loc, mirror, objects, recordings);
  } finally {
    // What was fetched before a failure is kept: the next pass does not fetch it again.
    mirror.saveManifest();
  }
  const present = new Set(objects.map((o) => o.key));
  const gone = mirror.absentFrom(present);
  for (const key of gone) mirror.remove(key);
  if (gone.length) mirror.saveManifest();
  return { listed: objects.length, fetched, removed: gone.length };
}
