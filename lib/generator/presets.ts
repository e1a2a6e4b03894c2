/** Named option sets for `scripts/generate.ts`. */
import { hashSeed } from "./prng";
import type { GenerateOptions, OutcomeKind, RunOptions, SpeechPlant } from "./types";

/** The espeak-ng that spoke the committed example (`espeak-ng --version`): another version writes other samples. */
export const EXAMPLE_ESPEAK_VERSION = "1.51";

export const PRESETS = ["example", "bench-1k", "bench-10k", "bench-100k", "big-3000", "year-365", "year-730"] as const;
export type PresetName = (typeof PRESETS)[number];

const EXAMPLE_DOMAINS = ["tau2_retail", "tau2_telecom", "tau2_airline", "restaurant", "qa"];
const BENCH_DOMAINS = ["tau2_retail", "tau2_telecom", "tau2_airline", "eva_airline", "restaurant", "customer_service", "qa"];

/**
 * The bundled example: the same 24 scenarios in a finished, a resumed and a killed run, a small timing
 * showcase run, and a suite of fourteen nightly runs (`nightly/`).
 */
function example(seed: number, scenarios: number): GenerateOptions {
  // Every failure kind at least once in the finished run (queue positions, 0-based).
  const forced: Record<string, OutcomeKind> = {
    "#0": "success",
    "#1": "db_mismatch",
    "#2": "nl_fail",
    "#3": "tool_error",
    "#4": "inaction",
    "#5": "success",
    "#6": "dba_fail",
    "#7": "stall",
    "#8": "timeout",
    "#9": "db_mismatch",
    "#10": "success",
    "#11": "null_hash",
    "#12": "judge_error",
    "#13": "zero_turn",
    "#14": "success",
    "#15": "success",
    "#16": "action_mismatch",
    "#17": "summary_not_captured",
    "#18": "timeout",
    "#19": "success",
    "#20": "judge_low",
    "#21": "xss",
    "#22": "judge_nan",
    "#23": "success",
  };
  const common = { scenarios, domains: EXAMPLE_DOMAINS, agentContextKB: 10, judgeContextStringLimit: 1500 } satisfies Partial<RunOptions>;
  return {
    seed,
    runs: [
      // Issue #34: calls spoken (espeak-ng at build time), each with one place where the recording and the logs disagree.
      {
        ...common,
        name: "eval_20261118_140000",
        state: "finished",
        quality: 0.6,
        outcomes: forced,
        audio: { sampleRate: 8000, secondsPerTurn: 0.25, speech: true, scenarios: [...SPOKEN], plants: PLANTS },
      },
      {
        ...common,
        name: "eval_20261124_091500",
        state: "resumed",
        quality: 0.72,
        completedBeforeStop: 15,
        outcomes: { "#4": "stall", "#9": "zero_turn", "#12": "success" },
        resumedAt: "2026-11-24T16:02:11",
        largeContexts: { count: 1, kb: 300 },
      },
      { ...common, name: "eval_20261129_220000", state: "killed", quality: 0.75, completedBeforeStop: 9, legacy: 0.4 },
      // Issue #13: what the Timing section and the flow audit find, planted; one WAV covers the whole call (3 kHz: Chromium's lowest rate).
      // Started the morning before the last night (issue 56: the newest run is the nightly suite's), with the
      // outcomes it had under its first name.
      {
        name: "eval_20261129_093000",
        seed: hashSeed(seed, "run:eval_20261130_093000"),
        scenarios: 2,
        domains: ["timing_showcase"],
        state: "finished",
        outcomes: { "#0": "success", "#1": "success" },
        agentContextKB: 4,
        judgeContextStringLimit: 1500,
        audio: { sampleRate: 3000, fullCall: true, maxScenarios: 1 },
        userTtsTtfb: true,
      },
      ...nightly(),
    ],
  };
}

/** The example's spoken calls (short ones, so the WAVs stay small) and what each plants. */
const SPOKEN = ["qa__weather_new_york", "tau2_airline__28", "tau2_airline__48", "qa__largest_ocean"] as const;
/** Issue 47 adds a bad line (noise, echo, a dropout) and, beside the talk-over (an agent interruption), a yield. */
const PLANTS: Partial<Record<SpeechPlant, string>> = {
  talk_over: "qa__weather_new_york",
  yield: "qa__weather_new_york",
  silent_turn: "tau2_airline__28",
  clipping: "tau2_airline__48",
  bad_line: "qa__largest_ocean",
};

const NIGHTLY_DOMAINS = ["tau2_retail", "tau2_airline", "restaurant", "customer_service", "qa"];
/** The nightly suite's #1 (the regression, from night 9) and #4 (from night 10): a wrong id written (by name: the spoken calls are named). */
export const NIGHTLY_WRONG_ID = ["tau2_retail__43", "tau2_airline__28"] as const;
export const NIGHTS = 14;

/**
 * Issue #33: a history. Fourteen lean nightly runs of the same twelve scenarios (queue positions #0–2 retail,
 * #3–5 airline, #6–7 restaurant, #8–9 customer service, #10–11 QA), with the agent's responses slowing by
 * 0.1 s a night, a scenario that passes eight nights and then fails (#1, a wrong id written), the
 * "wrong identifier" theme arriving with it (#4 joins from night 10), a "no such tool" theme that goes after
 * night 5 (#0, #3), and a judge answering NaN on night 7 (#6). The two wrong-id failures (#1, #4) are whole
 * scenarios on the nights they fail, spoken on the newest night (issue 43).
 */
/** The last night's automatic retries: one scenario retried once, one twice (the reasons the harness gives). */
const RETRIED: Record<string, string[]> = {
  "#2": ["0 conversation turns (bots never exchanged audio)"],
  "#7": ["0 conversation turns (bots never exchanged audio)", "1 agent turn(s) < --min-agent-turns 3"],
};

function nightly(): RunOptions[] {
  return Array.from({ length: NIGHTS }, (_, k): RunOptions => {
    const night = k + 1;
    const outcomes: Record<string, OutcomeKind> = {
      "#0": night <= 5 ? "tool_error" : "success",
      "#3": night <= 5 ? "tool_error" : "success",
      "#1": night <= 8 ? "success" : "db_mismatch",
      "#4": night >= 10 ? "db_mismatch" : "success",
    };
    if (night === 7) outcomes["#6"] = "judge_nan";
    // Issue 57: the newest night ran a harness that ends calls under valid-terminal-state (30 s of
    // inactivity): a caller's goodbye ends #11 ([SIMULATOR_EXIT]), a caller's last "hello?" ends a timeout.
    if (night === NIGHTS) Object.assign(outcomes, { "#5": "timeout", "#11": "caller_ends" });
    // Issue 43: the regressed scenario and the second wrong-id failure are whole on the nights they fail
    // (conversation log, tool calls, both LLM contexts), and spoken on the newest night: the id misheard can be heard.
    const full = [...(night >= 9 ? [NIGHTLY_WRONG_ID[0]] : []), ...(night >= 10 ? [NIGHTLY_WRONG_ID[1]] : [])];
    return {
      name: `nightly/eval_202611${String(16 + night).padStart(2, "0")}_020000`,
      scenarios: 12,
      domains: NIGHTLY_DOMAINS,
      state: "finished",
      lean: true,
      quality: 0.88,
      failureMix: { timeout: 2, judge_low: 2, nl_fail: 1 },
      outcomes,
      responseDelay: Math.round(0.1 * k * 10) / 10,
      ...(full.length ? { full, agentContextKB: 10 } : {}),
      // 4 kHz: the words stay clear enough to hear the id, and the two calls stay under 4 MB.
      ...(night === NIGHTS ? { audio: { sampleRate: 4000, secondsPerTurn: 0.25, speech: true, scenarios: full } } : {}),
      // Issue 45: the last two nights ran a harness that retries automatically; the last one retried two scenarios.
      ...(night >= NIGHTS - 1 ? { autoRetries: night === NIGHTS ? RETRIED : {} } : {}),
      ...(night === NIGHTS ? { conversationEnd: { policy: "valid-terminal-state" as const, inactivitySeconds: 30 } } : {}),
    };
  });
}

function bench(seed: number, runs: number, perRun: number, lean: boolean, prefix = "bench"): GenerateOptions {
  return {
    seed,
    runs: Array.from({ length: runs }, (_, r) => {
      const day = 1 + (r % 28);
      const month = 1 + (Math.floor(r / 28) % 12);
      const name = `${prefix}/eval_2026${String(month).padStart(2, "0")}${String(day).padStart(2, "0")}_${String(8 + (r % 12)).padStart(2, "0")}0000`;
      const state: RunOptions["state"] = r === runs - 1 && runs > 1 ? "killed" : r % 7 === 3 ? "resumed" : "finished";
      return { name, scenarios: perRun, domains: BENCH_DOMAINS, lean, state, quality: 0.55 + ((r * 37) % 40) / 100, agentContextKB: 16 };
    }),
  };
}

/**
 * Nightly runs, one a day from 2025-01-01 (issue 32's year of history): every run finished, lean
 * scenarios. The spread of the same number of scenarios over many runs is what it measures.
 */
function yearOfNights(seed: number, runs: number, perRun: number, lean: boolean): GenerateOptions {
  const first = Date.UTC(2025, 0, 1);
  return {
    seed,
    runs: Array.from({ length: runs }, (_, r) => {
      const day = new Date(first + r * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");
      return {
        name: `nightly/eval_${day}_020000`,
        scenarios: perRun,
        domains: BENCH_DOMAINS,
        lean,
        state: "finished",
        quality: 0.55 + ((r * 37) % 40) / 100,
        agentContextKB: 16,
      } satisfies RunOptions;
    }),
  };
}

/** `seed` defaults per preset (the example's suite seed was picked for domain coverage). */
export function preset(name: PresetName, seed?: number, scenarios?: number, lean?: boolean): GenerateOptions {
  const per = (total: number, runs: number) => Math.max(1, Math.round((scenarios ?? total) / runs));
  switch (name) {
    case "example":
      return example(seed ?? 98, scenarios ?? 24);
    case "bench-1k":
      return bench(seed ?? 7, 4, per(1000, 4), lean ?? false);
    case "bench-10k":
      return bench(seed ?? 7, 10, per(10_000, 10), lean ?? true);
    case "bench-100k":
      return bench(seed ?? 7, 50, per(100_000, 50), lean ?? true);
    case "year-365":
      return yearOfNights(seed ?? 7, 365, scenarios ?? 30, lean ?? true);
    case "year-730":
      return yearOfNights(seed ?? 7, 730, scenarios ?? 30, lean ?? true);
    case "big-3000":
      return {
        seed: seed ?? 7,
        runs: [
          {
            name: "eval_20261115_080000",
            scenarios: scenarios ?? 3000,
            domains: BENCH_DOMAINS,
            lean: lean ?? false,
            quality: 0.68,
            agentContextKB: 20,
            largeContexts: { count: 3, kb: 2048 },
          },
        ],
      };
  }
}
