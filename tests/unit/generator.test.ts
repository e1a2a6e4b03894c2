import { describe, it, expect } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pysum } from "@/lib/core/py";
import { dumps, f, generateResults, preset, type GeneratedFile, type GenerateOptions } from "@/lib/generator";
import { espeakSynth, espeakVersion } from "@/lib/generator/espeak";
import { EXAMPLE_ESPEAK_VERSION, NIGHTLY_WRONG_ID, NIGHTS } from "@/lib/generator/presets";
import { parseConversationLog } from "@/lib/core";
import { readBackMismatches } from "@/lib/core/insights";

const SIGNALS = ["is_action_match", "db_state_match", "db_state_assertion", "nl_assertion", "judge_passed", "clean_exit"];
const METRICS_KEY_ORDER = [
  "total_turns",
  "duration_seconds",
  "turns",
  "latency_stats",
  "latencies",
  "scenario_name",
  "scenario_directory",
  "scenario_duration",
  "stop_reason",
  "clean_exit",
  // A newer harness (1979de49, issue 57): the conversation-end fields.
  "conversation_end_policy",
  "conversation_end_reason",
  "inactivity_timeout_seconds",
  "end_conversation_tool_called",
  "simulator_end_reported",
  "last_speaker",
  "insufficient_agent_turns",
  "is_action_match",
  "judge_score",
  "judge_passed",
  "token_usage",
  "db_state_expected_hash",
  "db_state_match",
  "db_state_actual_hash",
  "nl_assertion_pass_rate",
  "db_state_assertion_verdicts",
  "db_state_assertion_pass_rate",
  "success_breakdown",
  // A newer harness (issue 45): between success_breakdown and is_successful.
  "auto_retry_count",
  "auto_retry_reasons",
  "is_successful",
  "is_task_successful",
  "trace_metrics",
];

type Json = Record<string, unknown>;

/** JSON.parse that accepts Python's bare NaN / Infinity tokens (mapped to null). */
function parseLoose(text: string): unknown {
  const cleaned = text.replace(/"(?:[^"\\]|\\.)*"|-?\bInfinity\b|\bNaN\b/g, (m) => (m.startsWith('"') ? m : "null"));
  return JSON.parse(cleaned);
}

function text(f: GeneratedFile): string {
  return typeof f.content === "string" ? f.content : new TextDecoder().decode(f.content);
}

const example = preset("example");
const files = generateResults(example);
const byPath = new Map(files.map((x) => [x.path, x]));

function scenarioDirs(run: string): string[] {
  const dirs = new Set<string>();
  for (const p of byPath.keys()) {
    const rest = p.slice(run.length + 1).split("/");
    if (p.startsWith(run + "/") && rest.length > 1) dirs.add(rest[0] as string);
  }
  return [...dirs].sort();
}

function normalize(v: unknown): "pass" | "fail" | "na" {
  if (v === undefined || v === null || v === "N/A") return "na";
  if (typeof v === "boolean") return v ? "pass" : "fail";
  if (typeof v === "number") return v >= 1 ? "pass" : "fail";
  return "na";
}

describe("results generator", () => {
  it("is deterministic: same options give identical bytes and mtimes", () => {
    const options: GenerateOptions = {
      seed: 11,
      runs: [
        {
          name: "team-a/eval_20261101_120000",
          scenarios: 9,
          domains: ["tau2_retail", "tau2_telecom", "qa", "customer_service"],
          state: "resumed",
          completedBeforeStop: 5,
          audio: { sampleRate: 8000, secondsPerTurn: 0.1 },
        },
        { name: "eval_20261102_120000", scenarios: 9, domains: ["tau2_retail", "tau2_telecom", "qa", "customer_service"], state: "killed", lean: true },
      ],
    };
    const a = generateResults(options);
    const b = generateResults(options);
    expect(a.map((x) => x.path)).toEqual(b.map((x) => x.path));
    a.forEach((x, i) => {
      const y = b[i] as GeneratedFile;
      expect(y.mtimeMs).toBe(x.mtimeMs);
      if (typeof x.content === "string") expect(y.content).toBe(x.content);
      else expect(Buffer.from(y.content as Uint8Array).equals(Buffer.from(x.content))).toBe(true);
    });
    expect(generateResults(example).map(text)).toEqual(files.map(text));
  });

  it("writes JSON the way Python's json.dump does", () => {
    expect(dumps({ a: f(620), b: 3, c: f(1e-5), d: [f(0.5), 'é"<'], e: [], g: {} }, 2)).toBe(
      '{\n  "a": 620.0,\n  "b": 3,\n  "c": 1e-05,\n  "d": [\n    0.5,\n    "\\u00e9\\"<"\n  ],\n  "e": [],\n  "g": {}\n}',
    );
    expect(dumps({ x: [1, f(2)], y: null, z: f(NaN) })).toBe('{"x": [1, 2.0], "y": null, "z": NaN}');
  });

  it("gives runs over the same suite the same scenario names but different outcomes", () => {
    const runs = example.runs.map((r) => r.name);
    const finished = scenarioDirs(runs[0] as string);
    const resumed = scenarioDirs(runs[1] as string).filter((d) => !d.includes(".killed."));
    expect(finished.length).toBe(24);
    expect(resumed).toEqual(finished);
    const verdicts = (run: string) => finished.map((d) => text(byPath.get(`${run}/${d}/metrics.json`) as GeneratedFile).includes('"is_successful": true'));
    expect(verdicts(runs[0] as string)).not.toEqual(verdicts(runs[1] as string));
    for (const d of finished) expect(d).toMatch(/^[a-z0-9_]+__[A-Za-z0-9_]+$/);
  });

  it("computes every metrics.json exactly as the harness would", () => {
    const metricsFiles = files.filter((x) => x.path.endsWith("/metrics.json"));
    expect(metricsFiles.length).toBeGreaterThan(50);
    for (const mf of metricsFiles) {
      const raw = text(mf);
      const m = parseLoose(raw) as Json;
      const dir = mf.path.slice(0, -"/metrics.json".length);
      const run = dir.slice(0, dir.lastIndexOf("/")); // runs may be nested (nightly/eval_…)
      const args = JSON.parse(text(byPath.get(`${run}/run_args.json`) as GeneratedFile)) as { invocations: Array<{ parsed_args: Json }> };
      const minTurns = (args.invocations[args.invocations.length - 1]?.parsed_args.min_agent_turns as number | undefined) ?? 0;

      // Key order of §1.6.
      const keys = Object.keys(m);
      const order = keys.map((k) => METRICS_KEY_ORDER.indexOf(k));
      expect(order.every((x) => x >= 0)).toBe(true);
      expect([...order].sort((x, y) => x - y)).toEqual(order);

      // Latency stats from the latencies (§4.10).
      const lat = (m.latencies as Array<{ latency_ms: number }>).map((l) => l.latency_ms);
      const st = m.latency_stats as Json;
      expect(st.count).toBe(lat.length);
      expect(m.total_turns).toBe((m.turns as unknown[]).length);
      if (lat.length === 0) {
        expect(st).toEqual({ count: 0, mean_ms: 0, p50_ms: 0, p95_ms: 0, min_ms: 0, max_ms: 0 });
        expect(raw).toContain('"mean_ms": 0,');
      } else {
        const s = [...lat].sort((x, y) => x - y);
        expect(st.p50_ms).toBe(s[Math.floor(s.length / 2)]);
        expect(st.p95_ms).toBe(s[Math.floor(s.length * 0.95)]);
        expect(st.min_ms).toBe(s[0]);
        expect(st.max_ms).toBe(s[s.length - 1]);
        expect(st.mean_ms).toBe(pysum(s) / s.length);
      }

      // Floats always carry a decimal point or exponent.
      for (const key of ["duration_seconds", "scenario_duration", "latency_ms", "judge_score", "nl_assertion_pass_rate", "db_state_assertion_pass_rate"]) {
        for (const match of raw.matchAll(new RegExp(`"${key}": ([^,\\n]+)`, "g"))) {
          expect(match[1]).toMatch(/^(-?\d+\.\d+(e[+-]\d+)?|-?\d+e[+-]\d+|NaN|-?Infinity)$/);
        }
      }
      if (lat.length) expect(raw).toMatch(/"mean_ms": -?\d+\.\d+/);

      if (!("success_breakdown" in m)) continue; // legacy layout

      // Signals, whitelist, breakdown and verdicts (§4.2–4.6).
      // clean_exit under the conversation-end policy (issue 57): valid-terminal-state also passes a simulator's end and silence after the caller's last turn.
      const vts = m.conversation_end_policy === "valid-terminal-state";
      if ("stop_reason" in m)
        expect(m.clean_exit).toBe(
          m.stop_reason === "[EXIT]" ||
            (vts && (m.stop_reason === "[SIMULATOR_EXIT]" || (m.stop_reason === "[INACTIVITY_TIMEOUT]" && m.last_speaker === "user"))),
        );
      if ("judge_passed" in m) expect(m.judge_passed).toBe((m.judge_score as number | null) !== null && (m.judge_score as number) >= 0.9);
      if ("db_state_match" in m) expect(m.db_state_match).toBe(m.db_state_actual_hash === m.db_state_expected_hash);
      const meta = byPath.get(`${dir}/scenario_config/metadata.json`);
      const whitelist = meta ? ((JSON.parse(text(meta)) as Json).success_signals as string[]) : undefined;
      const values: Record<string, unknown> = {
        is_action_match: m.is_action_match,
        db_state_match: m.db_state_match,
        db_state_assertion: m.db_state_assertion_pass_rate,
        nl_assertion: m.nl_assertion_pass_rate,
        judge_passed: m.judge_passed,
        clean_exit: m.clean_exit,
      };
      const b = m.success_breakdown as Record<string, string[]>;
      if (whitelist) {
        const expected: Record<string, string[]> = { passed: [], failed: [], not_applicable: [], excluded: [] };
        for (const sig of SIGNALS) {
          const n = normalize(values[sig]);
          if (whitelist.includes(sig)) expected[n === "pass" ? "passed" : n === "fail" ? "failed" : "not_applicable"]?.push(sig);
          else if (n !== "na") expected.excluded?.push(sig);
        }
        expect(b).toEqual(expected);
      }
      const agentCalls = ((m.token_usage as Json).agent as Json).n_calls as number;
      const stalled = minTurns > 0 && agentCalls < minTurns;
      expect(m.insufficient_agent_turns === true).toBe(stalled);
      if (stalled) {
        expect(m.is_successful).toBe(false);
        expect(m.is_task_successful).toBe(false);
      } else if ((b.passed?.length ?? 0) + (b.failed?.length ?? 0) === 0) {
        expect(m.is_successful).toBe("N/A");
        expect("is_task_successful" in m).toBe(false);
      } else {
        expect(m.is_successful).toBe(b.failed?.length === 0);
        expect(m.is_task_successful).toBe((b.failed ?? []).every((s) => s === "clean_exit"));
      }
    }
  });

  it("covers the failure kinds in the bundled example", () => {
    const all = files.filter((x) => x.path.endsWith("/metrics.json")).map(text);
    const judges = files.filter((x) => x.path.endsWith("/judge_result.json")).map(text);
    const agentContexts = files.filter((x) => x.path.endsWith("bot_logs_agent/llm_context.json")).map(text);
    expect(all.some((t) => t.includes('"db_state_actual_hash": null'))).toBe(true);
    expect(all.some((t) => t.includes('"stop_reason": "[TIMEOUT]"'))).toBe(true);
    expect(all.some((t) => t.includes('"insufficient_agent_turns": true'))).toBe(true);
    expect(all.some((t) => t.includes('"total_turns": 0'))).toBe(true);
    expect(all.some((t) => t.includes('"judge_score": NaN'))).toBe(true);
    expect(all.some((t) => t.includes('"is_action_match": "N/A"'))).toBe(true);
    expect(all.some((t) => /"db_state_assertion_pass_rate": 0\.\d/.test(t))).toBe(true);
    expect(all.some((t) => /"nl_assertion_pass_rate": 0\.\d/.test(t))).toBe(true);
    expect(judges.some((t) => t.includes('"reason": "Error: '))).toBe(true);
    expect(judges.some((t) => t.includes("<script>alert(1)</script>") && t.includes("<img src=x onerror=alert(1)>"))).toBe(true);
    expect(agentContexts.some((t) => t.includes("There is no tool named"))).toBe(true);
    expect(files.some((x) => x.path.endsWith("conversation_log.wav"))).toBe(true);
    expect(files.some((x) => x.path.endsWith("/conversation_log.txt") && text(x).includes("[INTERRUPTED]"))).toBe(true);
    const size = files.reduce((s, x) => s + (typeof x.content === "string" ? Buffer.byteLength(x.content) : x.content.byteLength), 0);
    // Issues 33 and 43: examples/ stays under 25 MB on disk (about 23 MB in 4 KB blocks for these 16.9 MB).
    expect(size).toBeLessThan(17.5 * 1024 * 1024);
  });

  it("marks run states in evaluation_log.txt, run_args.json and the tree", () => {
    const [finished, resumed, killed] = example.runs.map((r) => r.name) as [string, string, string];
    const log = (run: string) => text(byPath.get(`${run}/evaluation_log.txt`) as GeneratedFile);

    expect(log(finished)).toContain("]: Evaluation Complete!");
    expect(byPath.has(`${finished}/all_metrics.json`)).toBe(true);
    expect(byPath.has(`${finished}/all_latencies.csv`)).toBe(true);
    const all = parseLoose(text(byPath.get(`${finished}/all_metrics.json`) as GeneratedFile)) as Json[];
    const queue = (JSON.parse(text(byPath.get(`${finished}/run_args.json`) as GeneratedFile)) as { invocations: Array<{ resolved_scenario_names: string[] }> })
      .invocations[0]?.resolved_scenario_names;
    expect(all.map((r) => r.scenario_name)).toEqual(queue);
    for (const r of all) expect(r).toEqual(parseLoose(text(byPath.get(`${finished}/${r.scenario_name as string}/metrics.json`) as GeneratedFile)));
    const csv = text(byPath.get(`${finished}/all_latencies.csv`) as GeneratedFile).split("\n");
    expect(csv[0]).toBe("Scenario,User_Transcript,Agent_Transcript,Latency_ms");
    expect(csv.length - 2).toBe(all.reduce((s, r) => s + (r.latencies as unknown[]).length, 0));

    expect(log(killed)).not.toContain("Evaluation Complete!");
    expect(byPath.has(`${killed}/all_metrics.json`)).toBe(false);
    const killedDirs = scenarioDirs(killed);
    const inFlight = killedDirs.filter((d) => !byPath.has(`${killed}/${d}/metrics.json`));
    expect(inFlight.length).toBe(1);
    expect(byPath.has(`${killed}/${inFlight[0] as string}/bridge_log.txt`)).toBe(true);
    expect(log(killed)).toContain(`Starting Scenario ${killedDirs.length}/24: ${inFlight[0] as string}`);
    const killedMtime = Math.max(...files.filter((x) => x.path.startsWith(killed + "/")).map((x) => x.mtimeMs ?? Infinity));
    expect(Number.isFinite(killedMtime)).toBe(true);

    const args = JSON.parse(text(byPath.get(`${resumed}/run_args.json`) as GeneratedFile)) as { invocations: Json[] };
    expect(args.invocations.length).toBe(2);
    expect(args.invocations[1]?.resumed_from_invocation).toBe(0);
    expect(log(resumed)).toContain("=== RESUMING run");
    expect(log(resumed)).toMatch(/\[SKIP\] \S+: already complete, loaded metrics.json from disk\./);
    expect(log(resumed)).toMatch(/\[SKIP \d+\/24\] \S+ \(loaded from previous run\)/);
    expect(log(resumed).match(/Queued 24 scenario\(s\)/g)?.length).toBe(2);
    const killedMarkers = files.filter((x) => x.path.startsWith(resumed + "/") && /\.killed\.\d{8}_\d{6}\/__KILLED__$/.test(x.path));
    expect(killedMarkers.length).toBeGreaterThanOrEqual(1);
    expect(log(resumed)).toContain("Evaluation Complete!");
  });

  it("leaves the live files of a running run without a fixed mtime", () => {
    const run = generateResults({
      seed: 5,
      runs: [{ name: "eval_20261130_080000", scenarios: 4, domains: ["qa", "restaurant"], state: "running", completedBeforeStop: 2 }],
    });
    const live = run.filter((x) => x.mtimeMs === undefined).map((x) => x.path);
    expect(live.some((p) => p.endsWith("/bridge_log.txt"))).toBe(true);
    expect(live).toContain("eval_20261130_080000/evaluation_log.txt");
    const dirs = new Set(run.map((x) => x.path.split("/")[1]).filter((d) => d && !d.includes(".")));
    const finished = [...dirs].filter((d) => run.some((x) => x.path === `eval_20261130_080000/${d}/metrics.json`));
    expect(finished.length).toBe(2);
    expect(dirs.size).toBe(3);
  });

  it('writes older layouts when asked (no breakdown, no clean_exit, "N/A" verdicts)', () => {
    const old = generateResults({ seed: 3, runs: [{ name: "eval_20250101_100000", scenarios: 4, domains: ["qa", "restaurant"], legacy: true, judge: false }] });
    const metrics = old.filter((x) => /\/[^/]+\/metrics\.json$/.test(x.path)).map((x) => parseLoose(text(x)) as Json);
    expect(metrics.length).toBe(4);
    for (const m of metrics) {
      expect(m).not.toHaveProperty("success_breakdown");
      expect(m).not.toHaveProperty("clean_exit");
      expect(m).not.toHaveProperty("token_usage");
    }
    expect(metrics.filter((m) => m.is_successful === "N/A").length).toBe(2);
  });

  it("matches the committed examples/results (regenerate with npm run generate -- examples/results --preset example --force)", () => {
    const root = join(process.cwd(), "examples", "results");
    // The example ships with the repository: its absence is a failure, not a reason to pass.
    expect(existsSync(root), root).toBe(true);
    // The spoken calls: with the espeak-ng that spoke them, byte for byte; without it, the same header
    // and length (tones stand in, at the same times).
    const canSpeak = espeakVersion() === EXAMPLE_ESPEAK_VERSION;
    const spoken = canSpeak
      ? new Map(
          generateResults({ ...example, speech: espeakSynth() })
            .filter((x) => x.path.endsWith(".wav"))
            .map((x) => [x.path, x]),
        )
      : null;
    const speechRuns = example.runs.filter((r) => typeof r.audio === "object" && r.audio.speech);
    const isSpoken = (path: string) =>
      speechRuns.some((r) => typeof r.audio === "object" && (r.audio.scenarios ?? []).some((n) => path === `${r.name}/${n}/conversation_log.wav`));
    let spokenSeen = 0;
    for (const x of files) {
      const onDisk = readFileSync(join(root, ...x.path.split("/")));
      if (isSpoken(x.path)) {
        spokenSeen++;
        if (spoken) {
          expect(onDisk.equals(Buffer.from((spoken.get(x.path) as GeneratedFile).content)), x.path).toBe(true);
        } else {
          expect(onDisk.length, x.path).toBe(x.content.length);
          expect(onDisk.subarray(0, 44).equals(Buffer.from(x.content).subarray(0, 44)), x.path).toBe(true);
        }
        continue;
      }
      const want = typeof x.content === "string" ? Buffer.from(x.content, "utf8") : Buffer.from(x.content);
      expect(onDisk.equals(want), x.path).toBe(true);
    }
    // Four spoken calls of the finished run, and the nightly suite's two wrong-id failures on the newest night (issue 43).
    expect(spokenSeen).toBe(6);
  });

  it("makes the nightly suite's wrong-id failures whole scenarios, spoken on the newest night, where the id read back wrong is in the words (issue 43)", () => {
    const nights = example.runs.filter((r) => r.name.startsWith("nightly/")).map((r) => r.name);
    const newest = nights[nights.length - 1] as string;
    const [regressed, other] = NIGHTLY_WRONG_ID;
    const has = (run: string, name: string, file: string) => byPath.has(`${run}/${name}/${file}`);
    for (const [k, run] of nights.entries()) {
      // Whole on the nights it fails (#1 from night 9, #4 from night 10), lean before.
      expect(has(run, regressed, "conversation_log.txt"), run).toBe(k >= 8);
      expect(has(run, other, "bot_logs_agent/llm_context.json"), run).toBe(k >= 9);
    }
    for (const name of NIGHTLY_WRONG_ID) {
      for (const file of [
        "conversation_log.txt",
        "conversation_log.seglst.json",
        "bridge_log.txt",
        "bot_logs_agent/llm_context.json",
        "bot_logs_user/llm_context.json",
        "final_agent_response.json",
        "conversation_log.wav",
      ])
        expect(has(newest, name, file), `${name}/${file}`).toBe(true);
      const log = parseConversationLog(text(byPath.get(`${newest}/${name}/conversation_log.txt`) as GeneratedFile)).value;
      const misread = readBackMismatches(log?.turns ?? []);
      expect(misread.length, `${name}: an id read back wrong`).toBeGreaterThan(0);
      expect(text(byPath.get(`${newest}/${name}/bot_logs_agent/llm_context.json`) as GeneratedFile)).toContain(misread[0]!.readBack);
    }
    // Only the newest night's two calls are spoken: the example stays small.
    expect(files.filter((x) => x.path.startsWith("nightly/") && x.path.endsWith(".wav")).map((x) => x.path)).toEqual(
      NIGHTLY_WRONG_ID.map((n) => `${newest}/${n}/conversation_log.wav`),
    );
  });

  it("has a nightly suite with a drift, a regression, a theme that comes and one that goes, and a judge NaN", () => {
    const nights = example.runs.filter((r) => r.name.startsWith("nightly/")).map((r) => r.name);
    expect(nights.length).toBe(NIGHTS);
    expect(NIGHTS).toBeGreaterThanOrEqual(12);
    const queue = (run: string) =>
      (JSON.parse(text(byPath.get(`${run}/run_args.json`) as GeneratedFile)) as { invocations: Array<{ resolved_scenario_names: string[] }> }).invocations[0]!
        .resolved_scenario_names;
    const names = queue(nights[0]!);
    expect(names.length).toBe(12);
    for (const n of nights) expect(queue(n)).toEqual(names);
    // Not a subset of the main suite's 24: the nightly runs form a suite of their own.
    const main = new Set(queue(example.runs[0]!.name));
    expect(names.some((n) => !main.has(n))).toBe(true);
    const metrics = (run: string, name: string) => parseLoose(text(byPath.get(`${run}/${name}/metrics.json`) as GeneratedFile)) as Json;
    const reason = (run: string, name: string) => (parseLoose(text(byPath.get(`${run}/${name}/judge_result.json`) as GeneratedFile)) as Json).reason as string;
    // The regression: #1 passes eight nights, then fails every night.
    const regressed = names[1]!;
    expect(nights.map((n) => metrics(n, regressed).is_successful)).toEqual(nights.map((_, k) => k < 8));
    // Themes: "wrong identifier" only from night 9, "a tool that does not exist" only up to night 5.
    const nightsWith = (words: string) =>
      nights.flatMap((n, k) => (names.some((s) => metrics(n, s).is_successful !== true && reason(n, s).includes(words)) ? [k + 1] : []));
    expect(nightsWith("wrong identifier")).toEqual([9, 10, 11, 12, 13, 14]);
    expect(nightsWith("a tool that does not exist")).toEqual([1, 2, 3, 4, 5]);
    // One judge NaN, on night 7.
    const nan = nights.flatMap((n, k) =>
      names.filter((s) => text(byPath.get(`${n}/${s}/metrics.json`) as GeneratedFile).includes('"judge_score": NaN')).map(() => k + 1),
    );
    expect(nan).toEqual([7]);
    // The drift: the agent's median response latency rises night over night (by about a second over the suite).
    const p50 = (run: string) => {
      const all = names
        .flatMap((s) => ((metrics(run, s).latencies as Array<{ latency_ms: number }> | undefined) ?? []).map((l) => l.latency_ms))
        .sort((a, b) => a - b);
      return all[Math.floor(all.length / 2)] as number;
    };
    const first = nights.slice(0, 3).map(p50);
    const last = nights.slice(-3).map(p50);
    expect(Math.min(...last) - Math.max(...first)).toBeGreaterThan(500);
  });

  it("writes scenario_config tools as a JSON string containing JSON", () => {
    const tools = files.filter((x) => x.path.endsWith("scenario_config/agent_tools.json"));
    for (const t of tools) {
      const inner = JSON.parse(text(t)) as unknown;
      expect(typeof inner).toBe("string");
      expect(JSON.parse(inner as string)).toHaveProperty("EndConversationTool");
    }
    const meta = files.find((x) => x.path.endsWith("scenario_config/metadata.json")) as GeneratedFile;
    expect(text(meta).startsWith('{\n    "name": ')).toBe(true);
  });

  it("writes runs under either conversation-end policy: the six end fields, the flags in run_args.json, [SIMULATOR_EXIT] only under valid-terminal-state (issue 57)", () => {
    const under = (policy: "tool-only" | "valid-terminal-state") =>
      generateResults({
        seed: 5,
        runs: [
          {
            name: `eval_${policy === "tool-only" ? "20261201" : "20261202"}_020000`,
            scenarios: 3,
            domains: ["tau2_retail"],
            state: "finished",
            lean: true,
            outcomes: { "#0": "timeout", "#1": "caller_ends", "#2": "success" },
            conversationEnd: { policy, inactivitySeconds: 30 },
          },
        ],
      });
    const metricsOf = (out: GeneratedFile[]) =>
      out
        .filter((x) => x.path.endsWith("/metrics.json"))
        .sort((a, b) => (a.path < b.path ? -1 : 1))
        .map((x) => parseLoose(text(x)) as Json);
    const tool = under("tool-only");
    const vts = under("valid-terminal-state");
    const t = metricsOf(tool);
    const v = metricsOf(vts);
    for (const m of [...t, ...v]) {
      for (const k of [
        "conversation_end_policy",
        "conversation_end_reason",
        "inactivity_timeout_seconds",
        "end_conversation_tool_called",
        "simulator_end_reported",
        "last_speaker",
      ])
        expect(m, String(m.scenario_name)).toHaveProperty(k);
      expect(m.inactivity_timeout_seconds).toBe(30);
    }
    const ends = (ms: Json[]) => ms.map((m) => [m.stop_reason, m.clean_exit, m.conversation_end_reason, m.last_speaker]);
    // The caller's last "hello?" then 30 s of silence; the caller's goodbye; the agent's end tool.
    expect(ends(v).sort()).toEqual(
      [
        ["[EXIT]", true, "agent_end_conversation_tool", "agent"],
        ["[INACTIVITY_TIMEOUT]", true, "inactivity_timeout_after_user_final_turn", "user"],
        ["[SIMULATOR_EXIT]", true, "simulator_reported_end", "agent"],
      ].sort(),
    );
    // Under tool-only the simulator cannot end the call: both end by inactivity, neither cleanly.
    expect(ends(t).sort()).toEqual(
      [
        ["[EXIT]", true, "agent_end_conversation_tool", "agent"],
        ["[INACTIVITY_TIMEOUT]", false, "agent_end_conversation_tool_missing", "agent"],
        ["[INACTIVITY_TIMEOUT]", false, "agent_end_conversation_tool_missing", "user"],
      ].sort(),
    );
    const args = (out: GeneratedFile[]) =>
      JSON.parse(text(out.find((x) => x.path.endsWith("run_args.json"))!)) as { invocations: Array<{ argv: string[]; parsed_args: Json }> };
    expect(args(vts).invocations[0]!.parsed_args).toMatchObject({ conversation_end_policy: "valid-terminal-state", inactivity_timeout: 30 });
    expect(args(vts).invocations[0]!.argv).toContain("--conversation-end-policy");
    expect(args(tool).invocations[0]!.parsed_args).toMatchObject({ conversation_end_policy: "tool-only", inactivity_timeout: 30 });
    // clean_exit is in the verdict: the same calls succeed under one policy and fail under the other.
    expect(v.filter((m) => m.is_successful === true).length).toBeGreaterThan(t.filter((m) => m.is_successful === true).length);
  });
});
