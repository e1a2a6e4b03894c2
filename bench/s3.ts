/**
 * Issue 58's bench line (`npm run bench -- --only s3`): 10,000 scenarios (the 10k preset: 10 runs of
 * 1,000) in an S3-protocol bucket (s3rver behind the tests' counting proxy, on this machine), and
 *   - the floor: a plain paged ListObjectsV2 and a GetObject of every metrics.json (16 in flight, as
 *     the mirror fetches), measured in the same run;
 *   - a first start on `s3://bench/results-10k` without a database: spawn → runs list complete;
 *   - with `--database` (a PostgreSQL from VOICE_EVAL_TEST_PG_URL, else a throwaway one): the first
 *     replica's start, then a second replica's on the same database, with the metrics.json objects
 *     each read from the store.
 * A local store: the figures are this machine's CPU and the protocol's round trips, not a network's.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { GetObjectCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import pg from "pg";
import { startS3Server, type S3Server } from "../tests/helpers/s3-server";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const BUCKET = "bench";
const PREFIX = "results-10k";

interface Ctx {
  report: (label: string, value: string) => void;
  generate: (name: string, extra: string[]) => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** The floor: list the prefix page by page, then GET every metrics.json, 16 at once; ms. */
async function floorMs(s3: S3Server): Promise<{ ms: number; objects: number }> {
  const t = performance.now();
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${PREFIX}/`, ContinuationToken: token }));
    for (const o of page.Contents ?? []) if (o.Key?.endsWith("/metrics.json")) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < keys.length) {
        const res = await s3.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: keys[next++] }));
        JSON.parse((await res.Body?.transformToString()) ?? "null");
      }
    }),
  );
  return { ms: performance.now() - t, objects: keys.length };
}

/** Spawn → the runs list holds `runs` runs and is not indexing; the server keeps running (stop it with the returned function). */
async function startListed(s3: S3Server, runs: number, stateDir: string, database?: string): Promise<{ ms: number; stop: () => void }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [join(ROOT, "bin", "voice-eval-dashboard.mjs"), `s3://${BUCKET}/${PREFIX}`, "--port", String(port)], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
    env: { ...process.env, ...s3.env, VOICE_EVAL_STATE_DIR: stateDir, VOICE_EVAL_DATABASE: database ?? "" },
  });
  const stop = () => {
    try {
      process.kill(-(child.pid as number), "SIGTERM");
    } catch {
      // already gone
    }
  };
  for (let i = 0; i < 30_000; i++) {
    try {
      const body = (await (await fetch(`http://127.0.0.1:${port}/api/runs`)).json()) as { runs: unknown[]; indexing?: unknown };
      if (body.indexing === undefined && body.runs.length === runs) return { ms: performance.now() - started, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  stop();
  throw new Error("the runs list was not complete within 10 minutes");
}

async function freshDatabase(): Promise<{ url: string; stop: () => void }> {
  let url = process.env.VOICE_EVAL_TEST_PG_URL ?? "";
  let stop = () => {};
  if (!url) {
    // @ts-expect-error: a plain ESM script of the test setup, without types.
    const { startTemporaryPostgres } = (await import("../scripts/test-env/postgres.mjs")) as {
      startTemporaryPostgres: () => { url: string; stop: () => void };
    };
    const started = startTemporaryPostgres();
    url = started.url;
    stop = started.stop;
  }
  const schema = `bench_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const u = new URL(url);
  u.searchParams.set("options", `-c search_path=${schema}`);
  return { url: u.toString(), stop };
}

const metricsGets = (s3: S3Server) => s3.gets.filter((k) => k.endsWith("/metrics.json")).length;
const state = () => mkdtempSync(join(tmpdir(), "ved-bench-s3-state-"));

export async function s3Figures({ report, generate }: Ctx): Promise<void> {
  const dir = generate("results-10k", ["--preset", "bench-10k"]);
  const s3 = await startS3Server([BUCKET]);
  const db = await freshDatabase();
  try {
    const t = performance.now();
    const files = s3.seed(dir, BUCKET, PREFIX);
    console.log(`  (laid ${files} objects into the store in ${Math.round((performance.now() - t) / 1000)} s)`);
    // Once: against s3rver on a shared 2-core machine one pass is minutes (its listing walks its folder for each page).
    const { ms: floor, objects } = await floorMs(s3);
    report(`S3 floor: ListObjectsV2 + GetObject of ${objects} metrics.json`, `${Math.round(floor)} ms`);

    const runs = 10;
    const before = metricsGets(s3);
    const direct = await startListed(s3, runs, state());
    direct.stop();
    report(
      "S3 first start, no database (spawn → runs list complete)",
      `${Math.round(direct.ms)} ms, ${(direct.ms / floor).toFixed(2)}× the floor; ${metricsGets(s3) - before} metrics.json read`,
    );

    const b1 = metricsGets(s3);
    const first = await startListed(s3, runs, state(), db.url);
    const readByFirst = metricsGets(s3) - b1;
    report(
      "S3 first replica, --database (spawn → runs list complete)",
      `${Math.round(first.ms)} ms, ${(first.ms / floor).toFixed(2)}× the floor; ${readByFirst} metrics.json read`,
    );
    const b2 = metricsGets(s3);
    const second = await startListed(s3, runs, state(), db.url);
    const readBySecond = metricsGets(s3) - b2;
    report(
      "S3 second replica, same database",
      `${Math.round(second.ms)} ms, ${(second.ms / floor).toFixed(2)}× the floor; ${readBySecond} metrics.json read from the store`,
    );
    first.stop();
    second.stop();
  } finally {
    db.stop();
    await s3.stop();
  }
}
