/**
 * Regression tests for the defects of the trust issue: each failed before its fix. Hostile JSON,
 * links on the way to a file, HEAD on the live stream, long URLs, Range edge cases, deep runs,
 * huge texts and alignments, and bursts of folders into a watched folder.
 */
import { cp, mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { alignWords, MAX_ALIGN_CELLS } from "@/lib/core";
import { byteRange, events, runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { runDetail } from "@/lib/server/views/run-views";
import { fullText, PAGE_TEXT_CHARS, scenarioDetail } from "@/lib/server/views/scenario-detail";
import { runsList } from "@/lib/server/views/runs-list";
import { parseRunPath } from "@/lib/shared/routes";
import { hostAllowed } from "@/proxy";
import { tempDir } from "../../helpers/run-builder";
import { waitFor } from "../../helpers/wait";

const FIXTURE_RUN = join(__dirname, "../../fixtures/harness/small-2-domains/run/eval_20260810_031700");
const RUN = "eval_20260810_031700";
const NAME = "tau2_airline__12";

let store: Store | null = null;
afterEach(async () => {
  if (store) await closeStore(store);
  store = null;
});

async function fixture(): Promise<{ root: string; run: string }> {
  const root = await tempDir("ved-hostile-");
  await cp(FIXTURE_RUN, join(root, RUN), { recursive: true });
  return { root, run: join(root, RUN) };
}

const get = (s: Store, path: string, init?: RequestInit) => runRoute(s, new Request(`http://127.0.0.1${path}`, init));

describe("hostile JSON", () => {
  it("a top-level __proto__ key in metrics.json affects only that scenario, named as a problem", async () => {
    const { root, run } = await fixture();
    const file = join(run, NAME, "metrics.json");
    const metrics = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    await writeFile(file, JSON.stringify(metrics).replace(/^\{/, '{"__proto__": {"polluted": true, "is_successful": false}, '));
    store = createStore(root, { watch: false });
    await store.scanned;
    const model = store.index.runs.get(RUN)!;
    expect(model.scenarios.size).toBe(6);
    const s = model.scenarios.get(NAME)!;
    expect(s.problems.map((p) => p.kind)).toContain("unsafe");
    expect(Object.getPrototypeOf(s.record!.metrics)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await get(store, `/api/runs/${RUN}`)).status).toBe(200);
  });

  it("a success_breakdown that lists __proto__ is counted as data, and Object.prototype stays clean", async () => {
    const { root, run } = await fixture();
    const file = join(run, NAME, "metrics.json");
    const metrics = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    metrics.success_breakdown = { passed: ["__proto__", "constructor"], failed: [], not_applicable: [], excluded: [] };
    await writeFile(file, JSON.stringify(metrics));
    store = createStore(root, { watch: false });
    await store.scanned;
    const detail = runDetail(store.index.runs.get(RUN)!);
    expect(Object.hasOwn(detail.successBreakdown, "__proto__")).toBe(true);
    expect(detail.successBreakdown["__proto__"]?.passed).toBe(1);
    expect((Object.prototype as Record<string, unknown>).passed).toBeUndefined();
    expect((await get(store, `/api/runs/${RUN}`)).status).toBe(200);
  });

  it("JSON nested 100,000 levels deep is a named problem, and the scenario still answers", async () => {
    const { root, run } = await fixture();
    await writeFile(join(run, NAME, "judge_result.json"), "[".repeat(100_000) + "]".repeat(100_000));
    store = createStore(root, { watch: false });
    await store.scanned;
    const res = await get(store, `/api/runs/${RUN}/scenarios/${NAME}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { problems: Array<{ file: string; message: string }> };
    expect(body.problems.some((p) => p.file === "judge_result.json" && /nested more than/.test(p.message))).toBe(true);
  });
});

describe("links on the way to a file", () => {
  it("a scenario whose scenario_config/ or bot_logs_agent/ links outside has nothing read or served from there", async () => {
    const { root, run } = await fixture();
    const outside = await tempDir("ved-outside-");
    await mkdir(join(outside, "cfg"));
    await writeFile(join(outside, "cfg", "user_prompt.txt"), "SECRET FROM OUTSIDE");
    await writeFile(join(outside, "cfg", "metadata.json"), JSON.stringify({ secret: "SECRET FROM OUTSIDE" }));
    await mkdir(join(outside, "logs"));
    await writeFile(join(outside, "logs", "llm_context.json"), JSON.stringify([{ role: "user", content: "SECRET FROM OUTSIDE" }]));
    await rm(join(run, NAME, "scenario_config"), { recursive: true, force: true });
    await rm(join(run, NAME, "bot_logs_agent"), { recursive: true, force: true });
    await symlink(join(outside, "cfg"), join(run, NAME, "scenario_config"));
    await symlink(join(outside, "logs"), join(run, NAME, "bot_logs_agent"));
    store = createStore(root, { watch: false });
    await store.scanned;
    const res = await get(store, `/api/runs/${RUN}/scenarios/${NAME}`);
    const text = await res.text();
    expect(text).not.toContain("SECRET FROM OUTSIDE");
    const body = JSON.parse(text) as { problems: Array<{ file: string; kind: string }> };
    expect(body.problems.some((p) => p.file.startsWith("scenario_config/") && p.kind === "unsafe")).toBe(true);
    for (const file of ["scenario_config/user_prompt.txt", "scenario_config/metadata.json", "bot_logs_agent/llm_context.json"]) {
      const served = await get(store, `/api/runs/${RUN}/scenarios/${NAME}/files/${file}`);
      expect(served.status, file).toBe(404);
      expect(await served.text()).not.toContain("SECRET");
    }
  });
});

describe("requests", () => {
  it("HEAD /api/events answers headers only and subscribes nothing; aborted streams unsubscribe", async () => {
    const { root } = await fixture();
    store = createStore(root, { watch: false });
    await store.scanned;
    for (let i = 0; i < 500; i++) {
      const res = events(store.index, new Request("http://127.0.0.1/api/events", { method: "HEAD" }));
      expect(res.body).toBeNull();
    }
    expect(store.index.listenerCount).toBe(0);
    const controllers = Array.from({ length: 20 }, () => new AbortController());
    const streams = controllers.map((c) => events(store!.index, new Request("http://127.0.0.1/api/events", { signal: c.signal })));
    expect(store.index.listenerCount).toBe(20);
    controllers.forEach((c) => c.abort());
    await Promise.all(streams.map((s) => s.body?.cancel().catch(() => {})));
    expect(store.index.listenerCount).toBe(0);
  });

  it("a 15 KB path costs at most eight run lookups", () => {
    let lookups = 0;
    const segments = Array.from({ length: 7500 }, () => "a");
    const route = parseRunPath(segments, () => (lookups++, false));
    expect(route.kind).toBe("error");
    expect(lookups).toBeLessThanOrEqual(8);
  });

  it("malformed percent-encoding answers 400 with a JSON error; long run ids are served", async () => {
    const { root } = await fixture();
    const long = ["a", "b", "c"].map((c) => c.repeat(200)).join("/");
    await cp(FIXTURE_RUN, join(root, long), { recursive: true });
    store = createStore(root, { watch: false });
    await store.scanned;
    const bad = await get(store, "/api/runs/%E0%A4%A");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/percent-encoding/);
    expect(runsList(store.index).runs.map((r) => r.id)).toContain(long);
    expect((await get(store, `/api/runs/${long}`)).status).toBe(200);
  });

  it("a Range in another unit or with several ranges is ignored; downloads carry their length", async () => {
    expect(byteRange("items=0-5", 100)).toBeNull();
    expect(byteRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(byteRange("bytes=200-", 100)).toBe("unsatisfiable");
    expect(byteRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    const { root, run } = await fixture();
    store = createStore(root, { watch: false });
    await store.scanned;
    const size = (await readFile(join(run, NAME, "metrics.json"))).length;
    const res = await get(store, `/api/runs/${RUN}/scenarios/${NAME}/files/metrics.json`, { headers: { range: "items=0-5" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe(String(size));
    expect((await res.arrayBuffer()).byteLength).toBe(size);
  });

  it("only IP literals, localhost, the bound address and --allow-host names are served", () => {
    expect(hostAllowed("127.0.0.1:3210", ["127.0.0.1"])).toBe(true);
    expect(hostAllowed("localhost:3210", ["127.0.0.1"])).toBe(true);
    expect(hostAllowed("[::1]:3210", [])).toBe(true);
    expect(hostAllowed("evil.example:3210", ["127.0.0.1"])).toBe(false);
    expect(hostAllowed("evil.example", [])).toBe(false);
    expect(hostAllowed(null, ["127.0.0.1"])).toBe(false);
    expect(hostAllowed("dash.team.internal", ["127.0.0.1", "dash.team.internal"])).toBe(true);
  });
});

describe("sizes and cost", () => {
  it("a 50 MB judge reason is a named problem, not read; a long one is cut for the page and served whole", async () => {
    const { root, run } = await fixture();
    const judgeFile = join(run, NAME, "judge_result.json");
    const judge = JSON.parse(await readFile(judgeFile, "utf8")) as Record<string, unknown>;
    await writeFile(judgeFile, JSON.stringify({ ...judge, reason: "r".repeat(50 * 1024 * 1024) }));
    const other = "tau2_airline__34";
    const otherJudge = JSON.parse(await readFile(join(run, other, "judge_result.json"), "utf8")) as Record<string, unknown>;
    const reason = "long reason ".repeat(10_000);
    await writeFile(join(run, other, "judge_result.json"), JSON.stringify({ ...otherJudge, reason }));
    store = createStore(root, { watch: false });
    await store.scanned;
    const model = store.index.runs.get(RUN)!;
    const huge = await scenarioDetail(model, NAME, { contexts: false, capTexts: true });
    expect(huge?.problems.some((p) => p.file === "judge_result.json" && p.kind === "too-large")).toBe(true);
    expect(JSON.stringify(huge).length).toBeLessThan(5 * 1024 * 1024);
    const cut = await scenarioDetail(model, other, { contexts: false, capTexts: true });
    expect(cut?.truncated["judge.reason"]).toBe(reason.length);
    expect(((cut?.judge as Record<string, unknown>).reason as string).length).toBe(PAGE_TEXT_CHARS);
    expect(await fullText(model, other, "judge.reason")).toBe(reason);
    const res = await get(store, `/api/runs/${RUN}/scenarios/${other}/text?field=judge.reason`);
    expect(await res.text()).toBe(reason);
  });

  it("aligning two 25,000-word texts stays within the cell budget and still finds the one change", () => {
    const words = Array.from({ length: 25_000 }, (_, i) => `w${i % 997}`);
    const heard = [...words];
    heard[12_345] = "misheard";
    const started = performance.now();
    const ops = alignWords(words, heard);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(ops.filter((o) => o.op !== "same")).toEqual([{ op: "sub", meant: words[12_345], heard: "misheard" }]);
    const shifted = ["extra", ...words.slice(0, 20_000)].map((w, i) => (i % 50 === 0 ? `${w}x` : w));
    const banded = alignWords(words.slice(0, 20_000), shifted);
    expect(banded.filter((o) => o.op === "ins").length).toBeGreaterThanOrEqual(1);
    expect(MAX_ALIGN_CELLS).toBeLessThanOrEqual(2_000_000);
  });

  it("a truncated all_metrics.json is named once, however often the run is read", async () => {
    const { root, run } = await fixture();
    const { execFileSync } = await import("node:child_process");
    execFileSync(process.execPath, [join(__dirname, "../../../bin/voice-eval-dashboard.mjs"), "summary", run, "--json"], { encoding: "utf8" });
    await writeFile(join(run, "all_metrics.json"), '[\n  {\n    "scenario_name": "x"');
    store = createStore(root, { watch: false });
    await store.scanned;
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) {
      await get(store, `/api/runs/${RUN}`);
      counts.push(runsList(store.index).runs[0]!.problems.filter((p) => p.file === "all_metrics.json").length);
    }
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeLessThanOrEqual(1);
  });
});

describe("depth", () => {
  it("a run nested deeper than the limit is named by the scan and by the audit alike, not dropped silently", async () => {
    const root = await tempDir("ved-deep-");
    const deep = join(root, "1", "2", "3", "4", "5", "6", "7", "8", "9");
    await cp(FIXTURE_RUN, deep, { recursive: true });
    await cp(FIXTURE_RUN, join(root, "1", "2", "ok"), { recursive: true });
    store = createStore(root);
    await store.watching;
    expect([...store.index.runs.keys()]).toEqual(["1/2/ok"]);
    expect(runsList(store.index).problems).toEqual([{ path: "1/2/3/4/5/6/7/8", message: expect.stringMatching(/depth limit/) }]);
    await store.sync.auditAll();
    expect(runsList(store.index).problems.length).toBe(1);
  });
});

describe("bursts", () => {
  it("5,000 scenario folders written fast into a new run: the server stays up and, once quiet, lists every one", async () => {
    const root = await tempDir("ved-burst-");
    store = createStore(root);
    await store.watching;
    const dir = join(root, "eval_burst");
    await mkdir(dir);
    await cp(join(FIXTURE_RUN, "run_args.json"), join(dir, "run_args.json"));
    await cp(join(FIXTURE_RUN, "evaluation_log.txt"), join(dir, "evaluation_log.txt"));
    const metrics = await readFile(join(FIXTURE_RUN, "tau2_airline__34", "metrics.json"));
    const started = Date.now();
    for (let i = 0; i < 5000; i += 100) {
      await Promise.all(
        Array.from({ length: 100 }, async (_, k) => {
          const folder = join(dir, `s_${String(i + k).padStart(4, "0")}`);
          await mkdir(folder);
          await writeFile(join(folder, "metrics.json"), metrics);
        }),
      );
    }
    const written = Date.now();
    await waitFor(() => store!.index.runs.get("eval_burst")?.scenarios.size === 5000, 60_000, "all 5,000 scenarios of the burst in the index");
    const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
    console.log(
      `burst: 5,000 folders written in ${written - started} ms; in the index ${Date.now() - written} ms after the last write; heap ${Math.round(heapMb)} MB`,
    );
    expect(heapMb).toBeLessThan(1500);
  }, 120_000);
});
