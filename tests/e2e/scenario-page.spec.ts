/**
 * The scenario drill-down `/runs/{id}/scenarios/{name}` in real Chromium, on a temp copy of the
 * bundled example results (examples/results). Expected values come from the files (through the
 * scenario API, which returns what the page renders from), never from the page itself.
 */
import { screenshots } from "./helpers/screenshots.ts";
import { expect, test, type Page } from "@playwright/test";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startDashboard, type Dashboard } from "./helpers/server.ts";

const EXAMPLE = fileURLToPath(new URL("../../examples/results", import.meta.url));
const RUN = "eval_20261118_140000";
const RUNNING = "eval_20261129_220000";
/** A copy of RUN under an id with a slash, with one scenario carrying a 5 MB agent context. */
const NESTED = `nested/${RUN}`;
const BIG = "tau2_retail__big_context";
/** The scenario whose transcript and judge reason carry HTML and script payloads. */
const PAYLOAD = "qa__math_word_problem";
/** Its WAV is replaced by one as long as the conversation, so every turn can be sought. */
const AUDIO = "tau2_retail__43";

let tmp: string;
let results: string;
let dashboard: Dashboard;

interface Turn {
  role: "user" | "agent";
  start: number;
  end: number;
  text: string;
}

/** 16-bit PCM stereo WAV: a tone on the left while the user speaks, on the right while the agent does. */
function wav(turns: Turn[], rate = 8000): Buffer {
  const seconds = Math.ceil(Math.max(...turns.map((t) => t.end)) + 1);
  const frames = seconds * rate;
  const data = Buffer.alloc(frames * 4);
  for (const t of turns) {
    const ch = t.role === "user" ? 0 : 1;
    const hz = t.role === "user" ? 220 : 330;
    for (let f = Math.floor(t.start * rate); f < Math.min(frames, Math.floor(t.end * rate)); f++) {
      data.writeInt16LE(Math.round(3000 * Math.sin((2 * Math.PI * hz * f) / rate)), f * 4 + ch * 2);
    }
  }
  const head = Buffer.alloc(44);
  head.write("RIFF", 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write("WAVEfmt ", 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(2, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 4, 28);
  head.writeUInt16LE(4, 32);
  head.writeUInt16LE(16, 34);
  head.write("data", 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

function parseTurns(log: string): Turn[] {
  const out: Turn[] = [];
  for (const line of log.split("\n")) {
    const m = /^\[\s*([\d.]+)s\s*-\s*([\d.]+)s\]\s*\([\d.]+s\)\s*(USER|AGENT):\s?(.*)$/.exec(line);
    if (m) out.push({ start: Number(m[1]), end: Number(m[2]), role: m[3] === "USER" ? "user" : "agent", text: m[4] as string });
  }
  return out;
}

/** A ~5 MB agent context (the issue's performance case). */
function bigContext(): string {
  const messages: unknown[] = [
    { role: "system", content: "You are a support agent. ".repeat(200) },
    { role: "user", content: "Hello" },
  ];
  let size = 0;
  for (let i = 0; size < 5 * 2 ** 20; i++) {
    const turn = [
      { role: "user", content: `I need help with order #W${1000 + i}. ` + "please ".repeat(20) },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: `call_${i}`, type: "function", function: { name: "get_order_details", arguments: JSON.stringify({ order_id: `#W${1000 + i}` }) } }],
      },
      {
        role: "tool",
        tool_call_id: `call_${i}`,
        content: JSON.stringify({ order_id: `#W${1000 + i}`, status: "delivered", items: Array(6).fill({ name: "lamp", price: 35.5 }) }),
      },
      { role: "assistant", content: "I found your order. " + "It was delivered. ".repeat(15) },
    ];
    messages.push(...turn);
    size += JSON.stringify(turn).length;
  }
  return JSON.stringify(messages, null, 2);
}

test.beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-scenario-"));
  results = path.join(tmp, "results");
  await mkdir(results);
  await cp(path.join(EXAMPLE, RUN), path.join(results, RUN), { recursive: true });
  await cp(path.join(EXAMPLE, RUNNING), path.join(results, RUNNING), { recursive: true });
  const turns = parseTurns(await readFile(path.join(results, RUN, AUDIO, "conversation_log.txt"), "utf8"));
  await writeFile(path.join(results, RUN, AUDIO, "conversation_log.wav"), wav(turns));
  const nested = path.join(results, NESTED);
  await mkdir(path.dirname(nested), { recursive: true });
  await cp(path.join(EXAMPLE, RUN), nested, { recursive: true });
  await cp(path.join(nested, "tau2_retail__37"), path.join(nested, BIG), { recursive: true });
  const metricsFile = path.join(nested, BIG, "metrics.json");
  await writeFile(metricsFile, (await readFile(metricsFile, "utf8")).replaceAll('"tau2_retail__37"', JSON.stringify(BIG)));
  await writeFile(path.join(nested, BIG, "bot_logs_agent", "llm_context.json"), bigContext());
  dashboard = await startDashboard(results);
});

test.afterAll(async () => {
  await dashboard?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const scenarioPath = (run: string, name: string, query = "") =>
  `runs/${encodeURIComponent(run)}/scenarios/${encodeURIComponent(name)}${query ? `?${query}` : ""}`;
const scenarioUrl = (run: string, name: string, query = "") => `${dashboard.url}${scenarioPath(run, name, query)}`;

/** The scenario API: the same parsed data the page renders from. */
async function detail(page: Page, name: string, run = RUN) {
  const res = await page.request.get(`${dashboard.url}api/runs/${encodeURIComponent(run)}/scenarios/${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  return res.json();
}

/** Opens a scenario and waits until it is interactive (hydrated). */
async function open(page: Page, name: string, query = "", run = RUN) {
  await page.goto(scenarioUrl(run, name, query));
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.locator('body[data-scenario-keys="on"]')).toHaveCount(1, { timeout: 30_000 });
}

test("a failing scenario: verdict as counted, failing signals, and selecting an NL verdict highlights the turn it quotes", async ({ page }) => {
  const name = "tau2_airline__27";
  const d = await detail(page, name);
  expect(d.row.verdict).toBe(false);
  expect(d.judge.nl_assertion_verdicts.length).toBeGreaterThan(0);
  await open(page, name);
  await expect(page.getByTestId("verdict")).toHaveAttribute("data-value", "false");
  for (const s of d.row.success_breakdown.failed) await expect(page.getByTestId("failing-signals")).toContainText(s);
  await expect(page.getByTestId("scenario-header")).toContainText(d.row.stop_reason);
  await expect(page.getByTestId("tokens-agent")).toContainText(`${d.metrics.token_usage.agent.n_calls} LLM calls`);

  // Judge: score against the run's threshold, the reason, every verdict with its reason.
  await expect(page.getByTestId("judge-score")).toContainText(String(d.judge.score));
  await expect(page.getByTestId("judge-score")).toContainText("threshold 0.90");
  await expect(page.getByTestId("judge-reason")).toHaveText(d.judge.reason);
  const buttons = page.getByTestId("nl-verdicts").locator("button[data-verdict]");
  await expect(buttons).toHaveCount(d.judge.nl_assertion_verdicts.length);
  for (const [i, v] of d.judge.nl_assertion_verdicts.entries()) {
    await expect(buttons.nth(i)).toContainText(v.assertion);
    await expect(buttons.nth(i)).toContainText(v.reason);
  }

  // The verdict quotes turn(s) insights.verdictTurns[0]; nothing is highlighted before selecting.
  const quoted: number[] = d.insights.verdictTurns[0];
  expect(quoted.length).toBeGreaterThan(0);
  await expect(page.locator("[data-turn][data-highlighted]")).toHaveCount(0);
  await buttons.first().click();
  await expect(buttons.first()).toHaveAttribute("aria-pressed", "true");
  for (const t of quoted) await expect(page.locator(`#turn-${t}`)).toHaveAttribute("data-highlighted", "true");
  await expect(page.locator("[data-turn][data-highlighted]")).toHaveCount(quoted.length);
  // The quoted text really is in that turn.
  await expect(page.locator(`#turn-${quoted[0]} [data-testid="turn-text"]`)).toHaveText(d.conversation.turns[quoted[0]!].text);
  await screenshots(page, "scenario-failing-verdict", { fromTop: true });
  // Clicking again clears; the keyboard selects too.
  await buttons.first().click();
  await expect(page.locator("[data-turn][data-highlighted]")).toHaveCount(0);
  await buttons.first().focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(`#turn-${quoted[0]}`)).toHaveAttribute("data-highlighted", "true");
  await page.keyboard.press("Escape");
  await expect(page.locator("[data-turn][data-highlighted]")).toHaveCount(0);

  // The DB hash: the bot reported none, told apart from a mismatch.
  expect(d.metrics.db_state_actual_hash).toBeNull();
  await expect(page.getByTestId("db-state")).toHaveAttribute("data-state", "no-hash");
  await expect(page.getByTestId("db-state")).toContainText("bot reported no hash");
  await expect(page.getByTestId("db-state")).toContainText(d.metrics.db_state_expected_hash);
});

test("tool calls sit between the turns they happened in, writes told apart, long results expandable", async ({ page }) => {
  const name = "tau2_airline__27";
  const d = await detail(page, name);
  await open(page, name);
  const calls = d.insights.toolCalls as Array<{ name: string; messageIndex: number; afterAgentTurns: number; mutating: boolean; result: string }>;
  await expect(page.locator("[data-tool-call]")).toHaveCount(calls.length);
  await expect(page.getByTestId("tool-calls-count")).toContainText(`${calls.length} tool calls`);
  // Walk the list: each call follows exactly `afterAgentTurns` agent turns.
  const order = await page
    .getByTestId("transcript")
    .locator(":scope > li")
    .evaluateAll((els) =>
      els.map((el) => ({
        turn: el.getAttribute("data-turn"),
        role: el.getAttribute("data-role"),
        call: el.getAttribute("data-tool-call"),
        after: el.getAttribute("data-after-agent-turns"),
      })),
    );
  let agentTurns = 0;
  let seen = 0;
  for (const item of order) {
    if (item.role === "agent") agentTurns++;
    if (item.call !== null) {
      expect(Number(item.after), `${item.call} sits after ${item.after} agent turns`).toBe(agentTurns);
      seen++;
    }
  }
  expect(seen).toBe(calls.length);
  expect(order.filter((i) => i.turn !== null)).toHaveLength(d.conversation.turns.length);
  for (const c of calls) {
    const el = page.locator(`#tool-${c.messageIndex}`);
    await expect(el).toHaveAttribute("data-tool-call", c.name);
    await expect(el).toHaveAttribute("data-mutating", String(c.mutating));
  }
  expect(calls.some((c) => c.mutating)).toBe(true);
  expect(calls.some((c) => !c.mutating && c.name !== "EndConversationTool")).toBe(true);
  await expect(page.locator('[data-tool-call][data-mutating="true"]').first()).toContainText("write");
  await expect(page.locator('[data-tool-call][data-mutating="false"]').first()).toContainText("read-only");
  // A long result is cut, and one click shows all of it.
  const long = calls.find((c) => c.result.length > 1000)!;
  const result = page.locator(`#tool-${long.messageIndex} [data-testid="tool-result"]`);
  await expect(result.locator("pre")).toBeHidden();
  await result.locator("summary").click();
  await expect(result.locator("pre")).toBeVisible();
  expect(await result.locator("pre").textContent()).toContain(long.result.slice(-200));
});

test("tool calls are 'unknown', not zero, when the agent context is missing; a tool error hint links to the call", async ({ page }) => {
  const d75 = await detail(page, "tau2_retail__75");
  expect(d75.insights.toolCalls).toBeNull();
  await open(page, "tau2_retail__75");
  await expect(page.getByTestId("tool-calls-unknown")).toContainText("unknown");
  await expect(page.locator("[data-tool-call]")).toHaveCount(0);

  const d96 = await detail(page, "tau2_retail__96");
  const hint = d96.insights.hints.find((h: { kind: string }) => h.kind === "tool-error");
  expect(hint).toBeTruthy();
  await open(page, "tau2_retail__96");
  const link = page.locator(`[data-hint="tool-error"] a`);
  await expect(link).toHaveAttribute("href", `#${hint.evidence}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#${hint.evidence}$`));
  const call = page.locator(`#${hint.evidence}`);
  await expect(call).toBeInViewport();
  await expect(call).toContainText("unknown tool");
});

test("checks: action diff with argument-level differences, and every DB-state assertion verdict", async ({ page }) => {
  // Wrong arguments.
  const d43 = await detail(page, "tau2_retail__43");
  const wrong = d43.insights.actions.wrongArgs as Array<{ name: string; differences: Array<{ key: string; expected: unknown; actual: unknown }> }>;
  expect(wrong.length).toBeGreaterThan(0);
  await open(page, "tau2_retail__43");
  const diff = page.getByTestId("action-diff");
  await expect(diff).toContainText(`${wrong.length} wrong args`);
  for (const w of wrong) {
    const item = diff.locator(`[data-action="wrong-args"][data-name="${w.name}"]`);
    await expect(item).toHaveCount(1);
    for (const dif of w.differences) {
      const row = item.locator(`tr[data-arg="${dif.key}"]`);
      await expect(row).toContainText(JSON.stringify(dif.expected));
      await expect(row).toContainText(JSON.stringify(dif.actual));
    }
  }

  // Missing and matched actions, and DB-state assertions (telecom).
  const name = "tau2_telecom__mms_issue__bad_apn_settings__data_mode_off__persona_none";
  const d = await detail(page, name);
  await open(page, name);
  const actions = page.getByTestId("action-diff");
  for (const m of d.insights.actions.missing) await expect(actions.locator(`[data-action="missing"][data-name="${m.name}"]`)).toHaveCount(1);
  for (const m of d.insights.actions.matched) await expect(actions.locator(`[data-action="matched"][data-name="${m.name}"]`)).toHaveCount(1);
  const verdicts = d.metrics.db_state_assertion_verdicts as Array<{ func_name: string; side: string; passed: boolean; expected: unknown; actual: unknown }>;
  const rows = page.getByTestId("db-assertions").locator("tbody tr");
  await expect(rows).toHaveCount(verdicts.length);
  for (const [i, v] of verdicts.entries()) {
    const row = rows.nth(i);
    await expect(row).toHaveAttribute("data-assertion", v.func_name);
    await expect(row).toHaveAttribute("data-passed", String(v.passed));
    await expect(row.locator("td").nth(1)).toHaveText(v.side);
    await expect(row.locator("td").nth(2)).toHaveText(v.passed ? "passed" : "failed");
    await expect(row.locator("td").nth(3)).toHaveText(JSON.stringify(v.expected));
    await expect(row.locator("td").nth(4)).toHaveText(JSON.stringify(v.actual));
  }
  // The signals table says what gates.
  for (const s of d.metadata.success_signals) await expect(page.locator(`[data-testid="signals"] tr[data-signal="${s}"]`)).toContainText("gating");
  await screenshots(page, "scenario-telecom-checks", { fromTop: true });
});

test("heard vs meant: a word-level diff per utterance with its WER", async ({ page }) => {
  const name = "tau2_telecom__mms_issue__bad_apn_settings__data_mode_off__persona_none";
  const d = await detail(page, name);
  await open(page, name);
  const pairs = d.insights.asr.pairs as Array<{ index: number; wer: number; ops: Array<{ op: string; meant?: string; heard?: string }> }>;
  await expect(page.getByTestId("asr-pairs").locator(":scope > li")).toHaveCount(pairs.length);
  for (const p of pairs) {
    const item = page.locator(`#asr-${p.index}`);
    await expect(item).toContainText(`WER ${(p.wer * 100).toFixed(1)}%`);
    for (const kind of ["sub", "del", "ins"]) {
      await expect(item.locator(`[data-op="${kind}"]`), `${kind} ops of pair ${p.index}`).toHaveCount(p.ops.filter((o) => o.op === kind).length);
    }
  }
  // The first pair drops a word: shown struck through.
  const del = pairs[0]!.ops.find((o) => o.op === "del")!;
  await expect(page.locator(`#asr-0 del[data-op="del"]`)).toHaveText(del.meant!);
  // Benign normalisation: spelled digits against a dashed number is not an error.
  const phone = pairs.find((p) => d.insights.asr.pairs[p.index].heard.includes("303-824-8041"));
  expect(phone?.wer).toBe(0);
  const sub = pairs.flatMap((p) => p.ops.map((o) => ({ p, o }))).find(({ o }) => o.op === "sub");
  if (sub) {
    const subEl = page.locator(`#asr-${sub.p.index} [data-op="sub"]`).first();
    await expect(subEl.locator("del")).toHaveText(sub.o.meant!);
    await expect(subEl.locator("ins")).toHaveText(sub.o.heard!);
  }
  await expect(page.getByTestId("asr-summary")).toContainText(`overall WER ${(d.insights.asr.wer * 100).toFixed(1)}%`);
});

test("audio: clicking a turn seeks the player there and highlights the turn being played; ?t= seeks on load", async ({ page }) => {
  const d = await detail(page, AUDIO);
  const turns = d.conversation.turns as Turn[];
  await open(page, AUDIO);
  const audio = page.getByTestId("audio");
  await expect(audio).toHaveAttribute("src", `/api/runs/${RUN}/scenarios/${AUDIO}/audio`);
  await expect(page.getByTestId("lanes").locator('[data-lane="user"] a')).toHaveCount(turns.filter((t) => t.role === "user").length);
  await expect(page.getByTestId("lanes").locator('[data-lane="agent"] a')).toHaveCount(turns.filter((t) => t.role === "agent").length);
  const currentTime = () => audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  expect(await currentTime()).toBe(0);

  const target = 4;
  await page.locator(`#turn-${target} [data-testid="turn-text"]`).click();
  await expect.poll(currentTime, { message: "the player moved to the turn's start" }).toBeGreaterThanOrEqual(turns[target]!.start - 0.05);
  expect(await currentTime()).toBeLessThan(turns[target]!.end);
  await expect(page.locator(`#turn-${target}`)).toHaveAttribute("data-playing", "true");
  await expect(page.locator("[data-turn][data-playing]")).toHaveCount(1);
  // The playhead sits at the same place on the lanes.
  const left = await page
    .getByTestId("playhead")
    .first()
    .evaluate((el) => parseFloat((el as HTMLElement).style.left));
  const total = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  expect(Math.abs(left - ((await currentTime()) / total) * 100)).toBeLessThan(2);

  // Another turn, through its play button.
  const other = 9;
  await page.getByRole("button", { name: `Play turn ${other} from` }).click();
  await expect.poll(currentTime).toBeGreaterThanOrEqual(turns[other]!.start - 0.05);
  expect(await currentTime()).toBeLessThan(turns[other]!.end + 1);
  await audio.evaluate((a: HTMLAudioElement) => a.pause());
  await screenshots(page, "scenario-audio", { fromTop: true });

  // A permalink at a time: the player starts there on load.
  await open(page, AUDIO, `t=${turns[6]!.start}`);
  await expect.poll(currentTime).toBeGreaterThanOrEqual(turns[6]!.start - 0.05);
  await expect(page.locator("#turn-6")).toHaveAttribute("data-playing", "true");
  // And the per-turn permalink carries both the time and the anchor.
  await expect(page.locator('#turn-6 a[aria-label="Permalink to turn 6"]')).toHaveAttribute("href", `?t=${Math.floor(turns[6]!.start * 10) / 10}#turn-6`);
});

test("a scenario without audio says so and still draws the lanes; #turn-<i> opens the page at that turn", async ({ page }) => {
  const name = "tau2_airline__27";
  await page.goto(scenarioUrl(RUN, name) + "#turn-10");
  await expect(page.getByTestId("no-audio")).toBeVisible();
  await expect(page.getByTestId("audio")).toHaveCount(0);
  await expect(page.getByTestId("lanes")).toBeVisible();
  await expect(page.locator("#turn-10")).toBeInViewport();
  expect(await page.locator("#turn-10").evaluate((el) => el.matches(":target"))).toBe(true);
});

test("j/k walk the run page's filtered list, ]/[ the failing scenarios, keeping the filter", async ({ page }) => {
  const list = async (query: string) => {
    const res = await page.request.get(`${dashboard.url}api/runs/${RUN}/scenarios?${query}&limit=1000`);
    return ((await res.json()).rows as Array<{ name: string }>).map((r) => r.name);
  };
  const view = "domain=tau2_retail&sort=name&dir=desc";
  const names = await list(view);
  expect(names.length).toBeGreaterThan(2);
  await open(page, names[0]!, view);
  await expect(page.getByTestId("nav-position")).toContainText(`1 of ${names.length} in the filtered list`);
  await expect(page.getByTestId("nav-prev")).toHaveAttribute("aria-disabled", "true");
  // Typing in a text field is not navigation.
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.id = "probe";
    document.body.append(input);
  });
  await page.locator("#probe").press("j");
  // The page announces what the key did: ignored, since it was typed into a field.
  await expect(page.locator('body[data-scenario-key-last="j:ignored"]')).toHaveCount(1);
  await expect(page).toHaveURL(scenarioUrl(RUN, names[0]!, view));
  await page.locator("#probe").evaluate((el) => el.remove());
  await page.keyboard.press("j");
  await expect(page).toHaveURL(scenarioUrl(RUN, names[1]!, view));
  await expect(page.getByRole("heading", { level: 1, name: names[1] })).toBeVisible();
  await expect(page.locator('body[data-scenario-keys="on"]')).toHaveCount(1);
  await page.keyboard.press("j");
  await expect(page).toHaveURL(scenarioUrl(RUN, names[2]!, view));
  await expect(page.locator('body[data-scenario-keys="on"]')).toHaveCount(1);
  await page.keyboard.press("k");
  await expect(page).toHaveURL(scenarioUrl(RUN, names[1]!, view));
  await expect(page.getByRole("heading", { level: 1, name: names[1] })).toBeVisible();

  // Next/previous failing: the same list with quick=failed added; the link keeps the user's view.
  const failing = await list(`${view}&quick=failed`);
  const here = names.indexOf(names[1]!);
  const nextFailing = names.slice(here + 1).find((n) => failing.includes(n));
  await expect(page.locator('body[data-scenario-keys="on"]')).toHaveCount(1);
  await page.keyboard.press("]");
  if (nextFailing) await expect(page).toHaveURL(scenarioUrl(RUN, nextFailing, view));
  await expect(page.locator('body[data-scenario-keys="on"]')).toHaveCount(1);
  await page.keyboard.press("[");
  const prevFailing = names
    .slice(0, names.indexOf(nextFailing ?? names[1]!))
    .reverse()
    .find((n) => failing.includes(n));
  if (prevFailing) await expect(page).toHaveURL(scenarioUrl(RUN, prevFailing, view));

  // The breadcrumb goes back to the run page with the same view.
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link")).toHaveAttribute("href", `/runs/${RUN}?${view}#scenarios`);
});

test("run ids with a slash work, and a 5 MB agent context opens quickly", async ({ page }) => {
  await open(page, BIG, "", NESTED);
  await expect(page.getByTestId("tool-calls-count")).toBeVisible();
  await expect(page.getByText(/Shown: the first \d+ turns and 150 tool calls/)).toBeVisible();
  // Server time for the whole HTML, warm (median of 5 after one warm-up).
  const url = scenarioUrl(NESTED, BIG);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 6; i++) {
    const t = performance.now();
    const res = await fetch(url);
    bytes = (await res.arrayBuffer()).byteLength;
    if (i > 0) times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(`scenario page with a 5 MB agent context: median ${median.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB of HTML`);
  test.info().annotations.push({ type: "5 MB context page", description: `${median.toFixed(0)} ms, ${(bytes / 1024).toFixed(0)} KB` });
  // A loose bound (shared, loaded machines); the figure itself is printed above.
  expect(median).toBeLessThan(2000);
});

test("HTML and script in the results stay inert text", async ({ page }) => {
  const dialogs: string[] = [];
  page.on("dialog", async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const d = await detail(page, PAYLOAD);
  expect(d.judge.reason).toContain("<img src=x onerror=alert(1)>");
  expect(d.conversation.turns.some((t: Turn) => t.text.includes("<script>alert(1)</script>"))).toBe(true);
  await open(page, PAYLOAD);
  // Shown literally.
  await expect(page.getByTestId("judge-reason")).toHaveText(d.judge.reason);
  await expect(page.locator("#turn-1 [data-testid=turn-text]")).toHaveText(d.conversation.turns[1].text);
  await expect(page.getByTestId("judge-extras")).toContainText("<img src=x onerror=alert(1)>");
  // Every collapsed raw file opened, so all of it is rendered.
  for (const det of await page.locator("details").all()) await det.evaluate((el) => ((el as HTMLDetailsElement).open = true));
  // Each opened raw file fetches its text: wait until none is loading and some have arrived.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator("details[open] pre").first()).toBeVisible();
  const injected = await page.evaluate(() => ({
    img: document.querySelectorAll("img").length,
    onerror: document.querySelectorAll("[onerror]").length,
    scripts: [...document.scripts].filter((s) => s.textContent?.includes("alert(1)") && !s.textContent.includes("self.__next_f")).length,
  }));
  expect(injected).toEqual({ img: 0, onerror: 0, scripts: 0 });
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
  await screenshots(page, "scenario-payload", { fromTop: true });
});

test("missing artifacts show as missing with whether the whitelist needs them; an unfinished scenario still opens", async ({ page }) => {
  // A stalled scenario with no turns and no audio.
  const stalled = await detail(page, "tau2_airline__41");
  expect(stalled.row.stalled).toBe(true);
  await open(page, "tau2_airline__41");
  await expect(page.getByTestId("stalled")).toContainText("min_agent_turns");
  await expect(page.getByTestId("no-turns")).toBeVisible();
  await expect(page.locator('[data-hint="stalled"]')).toBeVisible();
  // db_state_match gates airline: the hash file is needed and missing.
  const hashRow = page.locator('[data-testid="files"] tr[data-file="final_scenario_db_hash.txt"]');
  await expect(hashRow).toHaveAttribute("data-present", "false");
  await expect(hashRow).toHaveAttribute("data-needed", "true");
  // The judge is not in the airline whitelist: judge_result.json would not be needed.
  await expect(page.locator('[data-testid="files"] tr[data-file="judge_result.json"]')).toHaveAttribute("data-needed", "false");

  // In flight: no metrics.json yet.
  const name = "tau2_telecom__service_issue__airplane_mode_on__line_suspended__persona_none";
  const d = await detail(page, name, RUNNING);
  expect(d.row).toBeNull();
  await open(page, name, "", RUNNING);
  await expect(page.getByTestId("unfinished")).toBeVisible();
  await expect(page.getByTestId("judge-missing")).toContainText("needed");
  await expect(page.locator('[data-testid="files"] tr[data-file="metrics.json"]')).toHaveAttribute("data-present", "false");

  // Context is collapsed by default; a link to #tools opens the tool list.
  await open(page, "tau2_retail__37");
  await expect(page.getByTestId("agent-prompt")).not.toHaveAttribute("open");
  await page.goto(scenarioUrl(RUN, "tau2_retail__37") + "#tools");
  await expect(page.getByTestId("agent-tools")).toHaveAttribute("open", "");
  await expect(page.getByTestId("agent-tools")).toContainText("GetOrderDetailsTool");
  // A raw file is one click away.
  await page.locator('[data-testid="files"] a', { hasText: "scenario_config/metadata.json" }).click();
  await expect(page.getByTestId("raw-scenario-config-metadata-json")).toHaveAttribute("open", "");
  await expect(page.getByTestId("raw-scenario-config-metadata-json").locator("pre")).toContainText('"success_signals"');
});
