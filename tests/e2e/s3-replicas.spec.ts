/**
 * Issue 58: a team's results in object storage, served by replicas that share one PostgreSQL. Real
 * parts only: s3rver over a temporary folder behind a counting proxy (tests/helpers/s3-server.ts),
 * the throwaway PostgreSQL `npm test` starts (VOICE_EVAL_TEST_PG_URL), and the real CLI's servers.
 * Two replicas on `s3://results/team` and one database list exactly the runs the same folder holds
 * on disk and serve its summaries byte for byte; the second reads at most a tenth of the
 * metrics.json objects the first read; a run uploaded later shows on both within 60 s; the ingest
 * moves to the other replica when its holder stops; a refused store is a named problem, never a crash,
 * and no credential shows anywhere.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { startS3Server, type S3Server } from "../helpers/s3-server";
import { startDashboard, type Dashboard } from "./helpers/server";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const EXAMPLES = join(ROOT, "examples/results");
const FIRST: [string, string, string] = ["eval_20261118_140000", "eval_20261124_091500", "eval_20261129_093000"];
const LATER = "eval_20261129_220000";
const POLL = ["--poll-seconds", "2"];

function pgUrl(): string {
  const url = process.env.VOICE_EVAL_TEST_PG_URL;
  if (!url) throw new Error("VOICE_EVAL_TEST_PG_URL is not set: `npm test` starts a throwaway PostgreSQL (scripts/test.mjs)");
  return url;
}

/** A schema of this test's own in the test database, named by the URL's search_path. */
async function freshSchema(): Promise<string> {
  const schema = `s3_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: pgUrl() });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const u = new URL(pgUrl());
  u.searchParams.set("options", `-c search_path=${schema}`);
  return u.toString();
}

const runIds = async (d: Dashboard) =>
  ((await (await fetch(new URL("/api/runs", d.url))).json()) as { runs: Array<{ id: string }> }).runs.map((r) => r.id).sort();
const health = async (d: Dashboard) =>
  (await (await fetch(new URL("/api/health", d.url))).json()) as { source: { role: string; problem: { kind: string } | null } | null };
const metricsGets = (s3: S3Server) => s3.gets.filter((k) => k.endsWith("/metrics.json")).length;

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms: number): Promise<T> {
  const deadline = Date.now() + ms;
  let v = await what();
  while (!ok(v) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    v = await what();
  }
  return v;
}

test.describe.configure({ mode: "serial", timeout: 300_000 });

test.describe("two replicas on one bucket and one PostgreSQL", () => {
  let s3: S3Server;
  let disk: string;
  const servers: Dashboard[] = [];

  test.beforeAll(async () => {
    s3 = await startS3Server(["results"]);
    disk = mkdtempSync(join(tmpdir(), "ved-s3-disk-"));
    for (const run of FIRST) cpSync(join(EXAMPLES, run), join(disk, run), { recursive: true });
    await s3.upload(disk, "results", "team");
  });

  test.afterAll(async () => {
    for (const s of servers) await s.stop();
    await s3?.stop();
    rmSync(disk, { recursive: true, force: true });
  });

  test("list the folder's runs, serve its summaries, share what the first read, and see a later run", async ({ page }) => {
    const database = await freshSchema();
    const env = { ...s3.env, VOICE_EVAL_DATABASE: database };
    const onDisk = await startDashboard(disk);
    servers.push(onDisk);
    const diskIds = await runIds(onDisk);
    expect(diskIds).toEqual(FIRST);

    const a = await startDashboard("s3://results/team", env, POLL);
    servers.push(a);
    expect(
      await until(
        () => runIds(a),
        (ids) => ids.length === 3,
        30_000,
      ),
    ).toEqual(diskIds);
    const readByFirst = metricsGets(s3);
    expect(readByFirst).toBeGreaterThan(50);

    const b = await startDashboard("s3://results/team", env, POLL);
    servers.push(b);
    expect(
      await until(
        () => runIds(b),
        (ids) => ids.length === 3,
        30_000,
      ),
    ).toEqual(diskIds);
    const readBySecond = metricsGets(s3) - readByFirst;
    expect(readBySecond).toBeLessThanOrEqual(readByFirst / 10);
    expect([(await health(a)).source?.role, (await health(b)).source?.role].sort()).toEqual(["follower", "ingester"]);

    // Each run's summary, from either replica and from `summary s3://…`, is the folder's, byte for byte.
    for (const id of diskIds) {
      const want = await (await fetch(new URL(`/api/runs/${id}/summary.txt`, onDisk.url))).text();
      expect(want.length).toBeGreaterThan(100);
      for (const d of [a, b]) expect(await (await fetch(new URL(`/api/runs/${id}/summary.txt`, d.url))).text()).toBe(want);
    }
    const cli = await promisify(execFile)("node", [join(ROOT, "bin/voice-eval-dashboard.mjs"), "summary", `s3://results/team/${FIRST[0]}`], {
      env: { ...process.env, ...s3.env, VOICE_EVAL_STATE_DIR: mkdtempSync(join(tmpdir(), "ved-s3-cli-")) },
    });
    expect(cli.stdout).toBe(await (await fetch(new URL(`/api/runs/${FIRST[0]}/summary.txt`, onDisk.url))).text());

    // A recording is fetched on its first request only: none was read at the start; the player's Range answers the file's bytes.
    expect(s3.gets.filter((k) => k.endsWith(".wav"))).toEqual([]);
    const wav = `${FIRST[0]}/qa__largest_ocean/conversation_log.wav`;
    const detail = (await (await fetch(new URL(`/api/runs/${FIRST[0]}/scenarios/qa__largest_ocean`, a.url))).json()) as {
      files: Array<{ path: string; present: boolean }>;
    };
    expect(detail.files.find((f) => f.path === "conversation_log.wav")?.present).toBe(true);
    const ranged = await fetch(new URL(`/api/runs/${FIRST[0]}/scenarios/qa__largest_ocean/audio`, a.url), { headers: { range: "bytes=100-1099" } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(readFileSync(join(disk, wav)).subarray(100, 1100))).toBe(true);
    expect(s3.gets.filter((k) => k.endsWith(".wav"))).toEqual([`results/team/${wav}`]);

    // No credential (nor the store's address) in /api/health or a page.
    for (const d of [a, b]) {
      const text = await (await fetch(new URL("/api/health", d.url))).text();
      expect(text).toContain("s3://results/team");
      expect(text).not.toMatch(/S3RVER|127\.0\.0\.1:\d+/);
      await page.goto(d.url);
      await expect(page.getByText(FIRST[0]).first()).toBeVisible();
      expect(await page.content()).not.toContain("S3RVER");
    }

    // A run uploaded later shows on both within 60 s.
    await s3.upload(join(EXAMPLES, LATER), "results", `team/${LATER}`);
    const want = [...FIRST, LATER].sort();
    const started = Date.now();
    expect(
      await until(
        () => runIds(a),
        (ids) => ids.length === 4,
        60_000,
      ),
    ).toEqual(want);
    expect(
      await until(
        () => runIds(b),
        (ids) => ids.length === 4,
        Math.max(1, 60_000 - (Date.now() - started)),
      ),
    ).toEqual(want);

    // The ingester stops: the other replica takes the ingest over and still sees new runs.
    const [ingester, follower] = (await health(a)).source?.role === "ingester" ? [a, b] : [b, a];
    await ingester.stop();
    expect(
      await until(
        async () => (await health(follower)).source?.role,
        (r) => r === "ingester",
        30_000,
      ),
    ).toBe("ingester");
    await s3.upload(join(EXAMPLES, FIRST[0]), "results", `team/again/${FIRST[0]}`);
    const ids = await until(
      () => runIds(follower),
      (ids) => ids.includes(`again/${FIRST[0]}`),
      60_000,
    );
    expect(ids, JSON.stringify(await health(follower))).toContain(`again/${FIRST[0]}`);
  });
});

test.describe("a store in trouble", () => {
  test("a refused bucket is a named problem in /api/health and the runs list, and the runs come once it answers", async () => {
    const s3 = await startS3Server(["results"]);
    let d: Dashboard | null = null;
    try {
      await s3.upload(join(EXAMPLES, FIRST[0]), "results", `team/${FIRST[0]}`);
      const uploaded = s3.requests.length;
      s3.fault = "denied";
      d = await startDashboard("s3://results/team", s3.env, POLL);
      const h = await health(d);
      expect(h.source?.problem?.kind).toBe("access-denied");
      const list = (await (await fetch(new URL("/api/runs", d.url))).json()) as { problems: Array<{ path: string; message: string }> };
      expect(list.problems).toContainEqual({ path: "s3://results/team", message: expect.stringContaining("access denied") });
      s3.fault = "slowdown";
      expect(
        await until(
          async () => (await health(d!)).source?.problem?.kind,
          (k) => k === "throttled",
          30_000,
        ),
      ).toBe("throttled");
      s3.fault = null;
      expect(
        await until(
          () => runIds(d!),
          (ids) => ids.length === 1,
          30_000,
        ),
      ).toEqual([FIRST[0]]);
      // The status is written when the pass ends, a moment after its files showed.
      expect(
        await until(
          async () => (await health(d!)).source?.problem,
          (p) => p === null,
          30_000,
        ),
      ).toBeNull();
      // Nothing was ever written to the bucket by the dashboard: only reads since the test's own upload.
      expect(s3.requests.slice(uploaded).filter((r) => !/^(GET|HEAD) /.test(r))).toEqual([]);
    } finally {
      await d?.stop();
      await s3.stop();
    }
  });
});
