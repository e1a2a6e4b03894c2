/**
 * Replicas on one source and one PostgreSQL (`--database`) share the store's objects through it: one
 * replica at a time ingests (holds a session advisory lock; another takes it over once that session
 * ends), listing the store and upserting each changed small object (key, ETag, size, LastModified,
 * body) with a new sequence number, then NOTIFY. Every replica, the ingester too, follows the table
 * into its own mirror: rows past the last sequence it saw, bodies fetched only for what its mirror
 * lacks. A second replica so reads (almost) nothing from the store.
 */
import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import pg from "pg";
import { getObject, listObjects, type ObjectMeta } from "./s3-client";
import type { S3Location } from "./s3-location";
import { isLazyKey, type Mirror } from "./mirror";
import { eachLimited, type PassCounts } from "./s3-sync";

const CHANNEL = "voice_eval_source";
/** Larger objects are not copied into the database: a replica that needs one fetches it from the store. */
export const MAX_SHARED_BYTES = 16 * 2 ** 20;
const ROWS_PER_READ = 1000;
const FETCH_CONCURRENCY = 16;
/** Objects fetched and upserted together: bounds the bodies held in memory at once. */
const UPSERT_SLICE = 256;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS source_objects (
  source TEXT NOT NULL,
  key TEXT NOT NULL,
  etag TEXT NOT NULL,
  size BIGINT NOT NULL,
  last_modified BIGINT NOT NULL,
  body BYTEA,
  deleted BOOLEAN NOT NULL DEFAULT FALSE,
  seq BIGINT NOT NULL,
  PRIMARY KEY (source, key)
);
CREATE SEQUENCE IF NOT EXISTS source_objects_seq;
CREATE INDEX IF NOT EXISTS source_objects_by_seq ON source_objects (source, seq);
CREATE TABLE IF NOT EXISTS source_passes (
  source TEXT PRIMARY KEY,
  passes BIGINT NOT NULL,
  finished_at BIGINT NOT NULL
);`;

/** A 64-bit advisory lock key from the source id (two sources never share an ingester). */
function lockKey(sourceId: string): string {
  return BigInt.asIntN(64, BigInt(`0x${sourceId.slice(0, 16)}`)).toString();
}

interface Row {
  key: string;
  etag: string;
  size: string;
  last_modified: string;
  deleted: boolean;
  seq: string;
  has_body: boolean;
}

export class PgShare {
  /** One session: it holds the advisory lock while this replica ingests, and LISTENs. */
  private readonly session: pg.Client;
  private lastSeq = 0n;
  ingester = false;
  private closed = false;

  private constructor(
    private readonly sourceId: string,
    url: string,
    onNotify: () => void,
    onError: (err: Error) => void,
  ) {
    this.session = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    this.session.on("notification", (n) => {
      if (n.channel === CHANNEL && n.payload === this.sourceId) onNotify();
    });
    // A lost session ends this replica's ingest (its lock is gone with it); the poll loop names the problem.
    this.session.on("error", (err) => onError(err));
  }

  static async open(sourceId: string, url: string, onNotify: () => void, onError: (err: Error) => void): Promise<PgShare> {
    const share = new PgShare(sourceId, url, onNotify, onError);
    await share.session.connect();
    await share.session.query("BEGIN");
    try {
      // Replicas starting together: the second waits here and then finds the tables made.
      await share.session.query("SELECT pg_advisory_xact_lock(7172026058)");
      await share.session.query(SCHEMA);
      await share.session.query("COMMIT");
    } catch (err) {
      await share.session.query("ROLLBACK").catch(() => {});
      await share.session.end().catch(() => {});
      throw err;
    }
    await share.session.query(`LISTEN ${CHANNEL}`);
    return share;
  }

  /** Takes the ingest over when no other replica holds it. */
  async tryIngest(): Promise<boolean> {
    if (this.ingester) return true;
    const r = await this.session.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS ok", [lockKey(this.sourceId)]);
    this.ingester = r.rows[0]?.ok === true;
    return this.ingester;
  }

  /** How many passes an ingester finished over this source: 0 until the first is done. */
  async passes(): Promise<number> {
    const r = await this.session.query<{ passes: string }>("SELECT passes FROM source_passes WHERE source = $1", [this.sourceId]);
    return Number(r.rows[0]?.passes ?? 0);
  }

  /**
   * The ingester's pass: the store listed, each small object whose ETag, size or LastModified moved
   * fetched once, upserted and written to this replica's mirror; objects gone marked deleted.
   */
  async ingest(client: S3Client, loc: S3Location, mirror: Mirror): Promise<PassCounts> {
    const objects = await listObjects(client, loc);
    const known = new Map<string, { etag: string; size: number; lastModified: number; deleted: boolean }>();
    const rows = await this.session.query<{ key: string; etag: string; size: string; last_modified: string; deleted: boolean }>(
      "SELECT key, etag, size, last_modified, deleted FROM source_objects WHERE source = $1",
      [this.sourceId],
    );
    for (const r of rows.rows) known.set(r.key, { etag: r.etag, size: Number(r.size), lastModified: Number(r.last_modified), deleted: r.deleted });
    const changed = objects.filter((o) => {
      const k = known.get(o.key);
      return !k || k.deleted || k.etag !== o.etag || k.size !== o.size || k.lastModified !== o.lastModified;
    });
    let fetched = 0;
    const { skipped } = mirror.plan(changed);
    const unsafe = new Set(skipped.map((s) => s.key));
    const wanted = changed.filter((o) => !unsafe.has(o.key) && !o.key.endsWith("/"));
    // In slices: the slice's objects fetched 16 at once, then upserted in one statement (one session, one query at a time).
    for (let i = 0; i < wanted.length; i += UPSERT_SLICE) {
      const slice = wanted.slice(i, i + UPSERT_SLICE);
      const bodies = new Map<string, Uint8Array | null>();
      await eachLimited(slice, FETCH_CONCURRENCY, async (o) => {
        // A recording is listed, never fetched; an object too large to share is fetched for this mirror only.
        const body = isLazyKey(o.key) ? null : await this.bodyFor(client, loc, mirror, o);
        if (body) fetched++;
        bodies.set(o.key, body && body.byteLength <= MAX_SHARED_BYTES ? body : null);
      });
      await this.session.query(
        `INSERT INTO source_objects (source, key, etag, size, last_modified, body, deleted, seq)
         SELECT $1, k, e, s, m, b, FALSE, nextval('source_objects_seq')
         FROM unnest($2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bytea[]) AS t(k, e, s, m, b)
         ON CONFLICT (source, key) DO UPDATE SET etag = EXCLUDED.etag, size = EXCLUDED.size, last_modified = EXCLUDED.last_modified,
           body = EXCLUDED.body, deleted = FALSE, seq = EXCLUDED.seq`,
        [
          this.sourceId,
          slice.map((o) => o.key),
          slice.map((o) => o.etag),
          slice.map((o) => o.size),
          slice.map((o) => o.lastModified),
          slice.map((o) => {
            const b = bodies.get(o.key);
            return b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null;
          }),
        ],
      );
      mirror.saveManifest();
    }
    const present = new Set(objects.map((o) => o.key));
    const gone = [...known].filter(([key, k]) => !k.deleted && !present.has(key)).map(([key]) => key);
    if (gone.length)
      await this.session.query(
        "UPDATE source_objects SET deleted = TRUE, body = NULL, seq = nextval('source_objects_seq') WHERE source = $1 AND key = ANY($2::text[])",
        [this.sourceId, gone],
      );
    await this.session.query(
      `INSERT INTO source_passes (source, passes, finished_at) VALUES ($1, 1, $2)
       ON CONFLICT (source) DO UPDATE SET passes = source_passes.passes + 1, finished_at = EXCLUDED.finished_at`,
      [this.sourceId, Date.now()],
    );
    if (changed.length || gone.length) await this.session.query("SELECT pg_notify($1, $2)", [CHANNEL, this.sourceId]);
    return { listed: objects.length, fetched, removed: gone.length };
  }

  private async bodyFor(client: S3Client, loc: S3Location, mirror: Mirror, o: ObjectMeta): Promise<Uint8Array> {
    const body = await getObject(client, loc, o.key);
    mirror.put(o, body);
    return body;
  }

  /**
   * Brings this replica's mirror up to the table: rows past the last sequence seen, in order; a body
   * is read from the table only for an object the mirror does not hold as it is, and from the store
   * only for one too large to be shared.
   */
  async follow(client: S3Client, loc: S3Location, mirror: Mirror): Promise<number> {
    let applied = 0;
    for (;;) {
      const page = await this.session.query<Row>(
        `SELECT key, etag, size, last_modified, deleted, seq, body IS NOT NULL AS has_body FROM source_objects
         WHERE source = $1 AND seq > $2 ORDER BY seq LIMIT ${ROWS_PER_READ}`,
        [this.sourceId, this.lastSeq.toString()],
      );
      if (page.rows.length === 0) break;
      const metas = page.rows.filter((r) => !r.deleted).map((r) => ({ key: r.key, etag: r.etag, size: Number(r.size), lastModified: Number(r.last_modified) }));
      const { fetch, lazy } = mirror.plan(metas);
      for (const o of lazy) mirror.putLazy(o);
      const withBody = new Set(page.rows.filter((r) => r.has_body).map((r) => r.key));
      const fromTable = fetch.filter((o) => withBody.has(o.key));
      for (let i = 0; i < fromTable.length; i += 200) {
        const slice = fromTable.slice(i, i + 200);
        const bodies = await this.session.query<{ key: string; etag: string; body: Buffer }>(
          "SELECT key, etag, body FROM source_objects WHERE source = $1 AND key = ANY($2::text[])",
          [this.sourceId, slice.map((o) => o.key)],
        );
        const byKey = new Map(bodies.rows.map((b) => [b.key, b]));
        for (const o of slice) {
          const b = byKey.get(o.key);
          // Changed again since the page was read: the newer row comes in a later page.
          if (b && b.etag === o.etag) mirror.put(o, b.body);
        }
      }
      await eachLimited(
        fetch.filter((o) => !withBody.has(o.key)),
        FETCH_CONCURRENCY,
        async (o) => mirror.put(o, await getObject(client, loc, o.key)),
      );
      for (const r of page.rows) if (r.deleted) mirror.remove(r.key);
      applied += page.rows.length;
      this.lastSeq = BigInt(page.rows[page.rows.length - 1]!.seq);
      mirror.saveManifest();
    }
    return applied;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    // Ending the session releases the advisory lock: another replica takes the ingest over at its next poll.
    await this.session.end().catch(() => {});
  }
}
