/**
 * `s3://bucket/prefix` wherever a folder is accepted (issue 58), against a real S3-protocol server
 * (s3rver behind a counting proxy, tests/helpers/s3-server.ts) and the real CLI: the mirror holds
 * what the folder holds, `summary s3://…` prints the folder's bytes, an unchanged object is never
 * fetched twice, recordings are never fetched eagerly, nothing is written to the bucket, and a store
 * in trouble is a named problem that shows no credential.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listObjects, makeS3Client } from "@/lib/server/source/s3-client";
import { parseS3Url } from "@/lib/server/source/s3-location";
import { startS3Server, type S3Server } from "../../helpers/s3-server";

const run = promisify(execFile);
const ROOT = join(__dirname, "../../..");
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
const EXAMPLES = join(ROOT, "examples/results");
const RUNS = ["eval_20261118_140000", "eval_20261129_093000"];

let s3: S3Server;
let stateDir: string;
const env = () => ({ ...process.env, ...s3.env, VOICE_EVAL_STATE_DIR: stateDir, NEXT_TELEMETRY_DISABLED: "1" });

async function cli(args: string[], extraEnv: Record<string, string> = {}) {
  try {
    const r = await run("node", [BIN, ...args], { env: { ...env(), ...extraEnv }, timeout: 120_000 });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

beforeAll(async () => {
  s3 = await startS3Server(["results"]);
  await s3.upload(EXAMPLES, "results", "team/nightly");
  stateDir = mkdtempSync(join(tmpdir(), "ved-s3-state-"));
}, 120_000);

afterAll(async () => {
  await s3?.stop();
});

describe("summary s3://…", () => {
  it.each(RUNS)(
    "prints the bytes the folder on disk gives (%s), reading the bucket only",
    async (name) => {
      const requestsBefore = s3.requests.length;
      const fromBucket = await cli(["summary", `s3://results/team/nightly/${name}`]);
      const fromDisk = await cli(["summary", join(EXAMPLES, name)]);
      expect(fromBucket.code).toBe(0);
      expect(fromBucket.stdout.length).toBeGreaterThan(100);
      expect(fromBucket.stdout).toBe(fromDisk.stdout);
      // Only reads: no PUT, POST or DELETE ever reaches the store from the dashboard.
      const sent = s3.requests.slice(requestsBefore);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((r) => !/^(GET|HEAD) /.test(r))).toEqual([]);
    },
    120_000,
  );

  it("keeps a mirror of what the folder holds, owner-only, its recordings listed but not fetched", async () => {
    const name = RUNS[0] as string;
    const sources = join(stateDir, "sources");
    const slot = readdirSync(sources).find((d) => readdirSync(join(sources, d, "files")).includes(name));
    const mirrored = join(sources, slot as string, "files", name);
    const onDisk = filesBelow(join(EXAMPLES, name));
    expect(onDisk.some((f) => f.endsWith(".wav"))).toBe(true);
    expect(filesBelow(mirrored)).toEqual(onDisk.filter((f) => !f.endsWith(".wav")));
    expect(s3.gets.filter((k) => k.endsWith(".wav"))).toEqual([]);
    expect(statSync(mirrored).mode & 0o777).toBe(0o700);
    expect(statSync(join(mirrored, onDisk.find((f) => f.endsWith("metrics.json")) as string)).mode & 0o777).toBe(0o600);
  });

  it("fetches nothing again when nothing changed", async () => {
    const name = RUNS[0] as string;
    const getsBefore = s3.gets.length;
    const again = await cli(["summary", `s3://results/team/nightly/${name}`]);
    expect(again.code).toBe(0);
    expect(s3.gets.length - getsBefore).toBe(0);
  }, 120_000);

  it("report s3://… is the folder's report (its recordings fetched for it)", async () => {
    const name = RUNS[1] as string;
    const fromBucket = await cli(["report", `s3://results/team/nightly/${name}`]);
    const fromDisk = await cli(["report", join(EXAMPLES, name)]);
    expect(fromBucket.code).toBe(0);
    expect(fromBucket.stdout).toBe(fromDisk.stdout);
  }, 120_000);
});

describe("the listing", () => {
  it("pages past 1,000 keys and lists exactly the folder's files", async () => {
    const onDisk = filesBelow(EXAMPLES);
    expect(onDisk.length).toBeGreaterThan(1000);
    const client = await makeS3Client(s3.env);
    try {
      const listed = await listObjects(client, parseS3Url("s3://results/team/nightly"));
      expect(listed.map((o) => o.key).sort()).toEqual(onDisk);
      expect(s3.requests.filter((r) => r.includes("list-type=2") && r.includes("continuation-token")).length).toBeGreaterThan(0);
    } finally {
      client.destroy();
    }
  });
});

describe("a store in trouble is a named problem, never a crash", () => {
  it("names a missing bucket", async () => {
    const r = await cli(["summary", "s3://no-such-bucket/x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("s3://no-such-bucket/x: the bucket does not exist");
  }, 120_000);

  it("names a refused access, and shows no credential", async () => {
    s3.fault = "denied";
    try {
      const r = await cli(["summary", `s3://results/team/nightly/${RUNS[0]}`], { AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_SESSION_TOKEN: "tok-secret-123" });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("access denied to the bucket");
      expect(r.stderr + r.stdout).not.toMatch(/S3RVER|tok-secret-123/);
    } finally {
      s3.fault = null;
    }
  }, 120_000);

  it("names a throttling store after bounded retries", async () => {
    s3.fault = "slowdown";
    const before = s3.requests.length;
    try {
      const r = await cli(["summary", `s3://results/team/nightly/${RUNS[1]}`]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("the store throttled the requests (503 SlowDown)");
      // Bounded: a few passes of a few attempts each, not a loop.
      const tries = s3.requests.length - before;
      expect(tries).toBeGreaterThan(1);
      expect(tries).toBeLessThanOrEqual(32);
    } finally {
      s3.fault = null;
    }
  }, 120_000);

  it("refuses a malformed address by name", async () => {
    const r = await cli(["summary", "s3://Bad_Bucket!/x"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("not a bucket name");
  }, 60_000);
});
