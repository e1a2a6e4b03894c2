/**
 * Two finished runs of one suite whose `run_args.json` carry the ten secrets of issue 42 (different in
 * each run, so every one of them is a setup change), and a prompt edit with a key in it. `NEEDLES`
 * are the secret parts: none may appear in any output.
 */
import { join } from "node:path";
import { logLine, metrics, writeRun, type ScenarioSpec } from "./run-builder";

export const BASE_RUN = "eval_20261101_080000";
export const OTHER_RUN = "eval_20261102_080000";
export const SECRET_SCENARIOS = ["retail__1", "retail__2"];

/** The ten secrets of the issue, by name and by value; `v` makes each run's differ. */
export function secretArgs(v: string): Record<string, unknown> {
  return {
    judge_model: `judge-${v}`,
    judge_threshold: 0.9,
    min_agent_turns: 3,
    // By value: URL userinfo, a query parameter, a Bearer sk- key, an hf_ token, an AWS key id, a JWT.
    judge_url: `https://alice${v}:pwQz${v}77@judge.example.com/v1`,
    callback_url: `https://hooks.example.com/cb?run=1&token=tokQz${v}77&x=2`,
    extra_headers: { Authorization: `Bearer sk-liveQz${v}77abcdefghij` },
    hf_auth: `hf_Qz${v}77abcdefghijk`,
    aws_access_key_id: `AKIAQZ${v.toUpperCase()}77ABCDEFGHIJ`.slice(0, 20),
    trace: { note: `eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJRe${v}In0.sigQz${v}77sig` },
    // By name: nested, and names the old rule (key|token|secret|password|credential) missed.
    llm: { providers: [{ openai: { api_key: `apikeyQz${v}77` } }] },
    db_passwd: `passwdQz${v}77`,
    client_secret: `clientQz${v}77`,
    session_cookie: `cookieQz${v}77`,
    // Issue 54: the forms people write. A flag and its value as list items and in a command line,
    // name/value pairs (an env list, a header list), a Slack webhook, a live payment key.
    extra_args: ["--api-key", `flagQz${v}77`, "--verbose"],
    command: `python run.py --api-key cmdQz${v}77 --judge gpt`,
    env: [{ name: "OPENAI_API_KEY", value: `envQz${v}77` }],
    headers: [{ name: "Authorization", value: `hdrQz${v}77` }],
    notify_url: `https://hooks.slack.com/services/T0001/B0002/slackQz${v}77`,
    billing: `sk_live_stripeQz${v}77abcdef`,
  };
}

/** Every secret part of both runs' arguments and prompts. */
export const NEEDLES: string[] = ["a", "b"].flatMap((v) => [
  `alice${v}`,
  `pwQz${v}77`,
  `tokQz${v}77`,
  `sk-liveQz${v}77`,
  `liveQz${v}77`,
  `hf_Qz${v}77`,
  `Qz${v}77abcdefghijk`,
  `AKIAQZ${v.toUpperCase()}77`,
  `QZ${v.toUpperCase()}77ABCDEFGHIJ`.slice(0, 14),
  `sigQz${v}77`,
  `eyJzdWIiOiJRe${v}In0`,
  `apikeyQz${v}77`,
  `passwdQz${v}77`,
  `clientQz${v}77`,
  `cookieQz${v}77`,
  `promptKeyQz${v}77`,
  `flagQz${v}77`,
  `cmdQz${v}77`,
  `envQz${v}77`,
  `hdrQz${v}77`,
  `slackQz${v}77`,
  `stripeQz${v}77`,
  `promptApiQz${v}77`,
  `promptPwQz${v}77`,
  `judgeKeyQz${v}77`,
  `turnKeyQz${v}77`,
]);

/** The first needle found in `text`, or `null`. */
export function leakedSecret(text: string): string | null {
  return NEEDLES.find((n) => text.includes(n)) ?? null;
}

const LOG = (names: string[]) =>
  logLine(`Queued ${names.length} scenario(s): [${names.map((n) => `'${n}'`).join(", ")}]`) +
  names.map((n, i) => logLine(`Starting Scenario ${i + 1}/${names.length}: ${n}`) + logLine(`Scenario '${n}' Complete`)).join("") +
  logLine("Evaluation Complete!");

function scenario(name: string, v: string, ok: boolean): ScenarioSpec {
  // A key quoted by the judge and spoken in a turn: key-shaped values in scenario texts (issue 54).
  const turns = [
    { timestamp: "2026-11-01T08:00:01", role: "agent", text: "Hello, how can I help?" },
    { timestamp: "2026-11-01T08:00:04", role: "user", text: `My key is sk-turnKeyQz${v}77abcdefgh, please use it.` },
  ];
  return {
    metrics: metrics(
      name,
      ok
        ? { turns }
        : {
            turns,
            is_successful: false,
            is_task_successful: false,
            success_breakdown: { passed: [], failed: ["clean_exit"], not_applicable: [], excluded: [] },
          },
    ),
    judge: { score: ok ? 1 : 0.1, reason: `The agent read out sk-judgeKeyQz${v}77abcdefgh to the user.`, nl_assertion_verdicts: [] },
    files: {
      "scenario_config/agent_prompt.txt": `You are a retail agent.\nCall the API with key sk-promptKeyQz${v}77abcdef.\napi_key=promptApiQz${v}77\npassword: promptPwQz${v}77\nConfirm before cancelling.`,
      "scenario_config/user_prompt.txt": "You want a refund.",
      "scenario_config/agent_tools.json": JSON.stringify(JSON.stringify({ get_order: {} })),
      "scenario_config/user_tools.json": JSON.stringify("{}"),
    },
  };
}

/** Writes the two runs into `root`. */
export async function writeSecretRuns(root: string): Promise<void> {
  for (const [id, v, start] of [
    [BASE_RUN, "a", "2026-11-01T08:00:00"],
    [OTHER_RUN, "b", "2026-11-02T08:00:00"],
  ] as const) {
    await writeRun(join(root, id), {
      invocations: [
        {
          started_at: start,
          argv: ["run_evaluation.py"],
          parsed_args: secretArgs(v),
          resolved_scenario_count: SECRET_SCENARIOS.length,
          resolved_scenario_names: SECRET_SCENARIOS,
        },
      ],
      log: LOG(SECRET_SCENARIOS),
      scenarios: Object.fromEntries(SECRET_SCENARIOS.map((n, i) => [n, scenario(n, v, v === "a" || i === 0)])),
    });
  }
}
