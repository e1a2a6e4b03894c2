/**
 * Issue 42: the ten secrets of `run_args.json` (and a key in a prompt) appear in no output: `/api/setup`,
 * `/api/compare`, the run API and its report, the trends data, `check` (the PR comment and `--json`),
 * `export` (every file) and `report`. Each change of a secret is still said: "changed (redacted)".
 * (The rendered pages are checked over HTTP in tests/e2e/secrets.spec.ts.)
 */
import { spawnSync } from "node:child_process";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SetupDiff } from "@/lib/core/setup/diff";
import { compareRoute, runRoute, setupRoute } from "@/lib/server/http/api";
import { themesRoute } from "@/lib/server/http/themes";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { buildTrends } from "@/lib/server/views/trends";
import { tempDir } from "../../helpers/run-builder";
import { BASE_RUN, leakedSecret, OTHER_RUN, SECRET_SCENARIOS, writeSecretRuns } from "../../helpers/secret-runs";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const BIN = join(ROOT, "bin/voice-eval-dashboard.mjs");
let root = "";
let results = "";
let store: Store;

function cli(...args: string[]) {
  const out = spawnSync(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 120_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", VOICE_EVAL_DATABASE: "" },
  });
  return { code: out.status, stdout: out.stdout, stderr: out.stderr };
}

async function allFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await allFiles(p)));
    else out.push(p);
  }
  return out;
}

beforeAll(async () => {
  root = await tempDir("ved-secrets-");
  results = join(root, "results");
  await writeSecretRuns(results);
  store = createStore(results, { watch: false });
  await store.scanned;
}, 120_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (root) await rm(root, { recursive: true, force: true });
});

const api = async (handler: (s: Store, r: Request) => Promise<Response>, path: string) => {
  const res = await handler(store, new Request(`http://localhost${path}`));
  expect(res.status, path).toBe(200);
  return res.text();
};

describe("secrets in the API", () => {
  it("/api/setup names every changed secret as changed (redacted) and shows none of them", async () => {
    const body = await api(setupRoute, `/api/setup?base=${BASE_RUN}&run=${OTHER_RUN}`);
    expect(leakedSecret(body)).toBeNull();
    const d = JSON.parse(body) as SetupDiff;
    const byName = new Map(d.args.map((a) => [a.name, a]));
    for (const name of [
      "judge_url",
      "callback_url",
      "extra_headers",
      "hf_auth",
      "aws_access_key_id",
      "trace",
      "llm",
      "db_passwd",
      "client_secret",
      "session_cookie",
    ]) {
      expect(byName.get(name), name).toMatchObject({ redacted: true });
    }
    expect(byName.get("db_passwd")).toEqual({ name: "db_passwd", base: "<redacted>", other: "changed (redacted)", redacted: true });
    expect(d.judge.model).toEqual({ name: "judge_model", base: "judge-a", other: "judge-b" });
    // The prompt edit is shown, its key is not.
    expect(d.prompts.map((p) => p.file)).toEqual(["agent_prompt.txt"]);
  });

  it("the compare API, the run API and the run and scenario reports show none", async () => {
    expect(leakedSecret(await api(compareRoute, `/api/compare?base=${BASE_RUN}&runs=${OTHER_RUN}`))).toBeNull();
    for (const id of [BASE_RUN, OTHER_RUN]) {
      expect(leakedSecret(await api(runRoute, `/api/runs/${id}`))).toBeNull();
      expect(leakedSecret(await api(runRoute, `/api/runs/${id}/report.md`))).toBeNull();
    }
  });

  it("the scenario API, its rows and the failure themes show no key quoted by the judge, a turn or a prompt (issue 54)", async () => {
    for (const id of [BASE_RUN, OTHER_RUN]) {
      for (const name of SECRET_SCENARIOS) {
        const body = await api(runRoute, `/api/runs/${id}/scenarios/${name}`);
        // The texts are there, their keys are not.
        expect(body).toContain("to the user.");
        expect(body).toContain("Confirm before cancelling.");
        expect(leakedSecret(body)).toBeNull();
      }
      expect(leakedSecret(await api(runRoute, `/api/runs/${id}/scenarios?limit=100`))).toBeNull();
    }
    expect(leakedSecret(await api(themesRoute, `/api/themes?run=${OTHER_RUN}`))).toBeNull();
    expect(leakedSecret(await api(themesRoute, `/api/themes?run=${OTHER_RUN}&base=${BASE_RUN}`))).toBeNull();
  });

  it("the trends data's setup ticks say what changed without the secrets", () => {
    const data = buildTrends(store.index, { range: "all" });
    const text = JSON.stringify(data);
    expect(text).toContain("db_passwd: <redacted> → changed (redacted)");
    expect(leakedSecret(text)).toBeNull();
  });
});

describe("secrets in the CLI", () => {
  it("check's PR comment and check --json carry the redacted setup diff, never raw parsed_args", () => {
    const text = cli("check", join(results, OTHER_RUN), "--baseline", join(results, BASE_RUN));
    expect(text.stdout).toContain("db_passwd");
    expect(leakedSecret(text.stdout)).toBeNull();
    const json = cli("check", join(results, OTHER_RUN), "--baseline", join(results, BASE_RUN), "--json");
    expect(leakedSecret(json.stdout)).toBeNull();
    const parsed = JSON.parse(json.stdout) as { setupDiff: SetupDiff; base: Record<string, unknown>; run: Record<string, unknown> };
    expect(json.stdout).not.toContain("parsed_args");
    expect(parsed.base.args).toBeUndefined();
    expect(parsed.setupDiff.args.find((a) => a.name === "client_secret")).toEqual({
      name: "client_secret",
      base: "<redacted>",
      other: "changed (redacted)",
      redacted: true,
    });
  }, 120_000);

  it("export (every file, with the comparison) and report show none", async () => {
    const out = join(root, "export");
    const r = cli("export", join(results, OTHER_RUN), "--compare", join(results, BASE_RUN), "--out", out);
    expect(r.code, r.stderr).toBe(0);
    const files = await allFiles(out);
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) if ((await stat(f)).size < 5_000_000) expect(leakedSecret(await readFile(f, "latin1")), f).toBeNull();
    const report = cli("report", join(results, OTHER_RUN));
    expect(report.code, report.stderr).toBe(0);
    expect(leakedSecret(report.stdout)).toBeNull();
    const scenario = cli("report", join(results, OTHER_RUN), "--scenario", SECRET_SCENARIOS[0]!);
    expect(leakedSecret(scenario.stdout + scenario.stderr)).toBeNull();
  }, 240_000);
});
