/** The setup diff of two runs on config pairs: same, a prompt edit, tools added and removed, an argument changed, files missing. */
import { describe, expect, it } from "vitest";
import {
  argChanges,
  changedLineCount,
  changedPromptPairs,
  lineDiff,
  memoLineDiff,
  setupDiff,
  setupSummary,
  type LineDiff,
  type ScenarioSetup,
} from "@/lib/core/setup/diff";
import { menuPrompt } from "../../helpers/menu-prompt";

const setup = (over: Partial<ScenarioSetup> = {}): ScenarioSetup => ({
  agentPrompt: "You are a retail agent.\nBe polite.\nAlways confirm before cancelling.",
  userPrompt: "You want a refund.",
  agentTools: ["cancel_order", "get_order"],
  userTools: ["EndConversationTool"],
  problems: [],
  ...over,
});
const suite = (n: number, over: (i: number) => Partial<ScenarioSetup> = () => ({})) =>
  new Map(Array.from({ length: n }, (_, i) => [`retail__${i}`, setup(over(i))]));
const ARGS = { judge_model: "gpt-judge-1", judge_threshold: 0.9, min_agent_turns: 3, output_dir: "./a", judge_api_key: "<redacted>" };

describe("setup diff", () => {
  it("says 'same' when nothing differs (the output folder aside)", () => {
    const d = setupDiff({ args: ARGS, scenarios: suite(10) }, { args: { ...ARGS, output_dir: "./b" }, scenarios: suite(10) });
    expect(d.same).toBe(true);
    expect(d.args).toEqual([]);
    expect(setupSummary(d)).toEqual([]);
  });

  it("shows one prompt edit made everywhere once, with its line diff", () => {
    const edited = (i: number) => ({ agentPrompt: setup().agentPrompt!.replace("Be polite.", "Be polite and brief.") + (i < 0 ? "" : "") });
    const d = setupDiff({ args: ARGS, scenarios: suite(10) }, { args: ARGS, scenarios: suite(10, edited) });
    expect(d.same).toBe(false);
    expect(d.prompts).toHaveLength(1);
    const p = d.prompts[0]!;
    expect([p.file, p.changed, p.of, p.edits.length]).toEqual(["agent_prompt.txt", 10, 10, 1]);
    expect(p.edits[0]!.lines.filter((l) => l.op !== " ")).toEqual([
      { op: "-", text: "Be polite." },
      { op: "+", text: "Be polite and brief." },
    ]);
    expect(setupSummary(d)).toContain("agent prompt changed in 10 of 10 scenarios (the same edit)");
  });

  it("groups different edits, most scenarios first", () => {
    const d = setupDiff(
      { args: ARGS, scenarios: suite(6) },
      { args: ARGS, scenarios: suite(6, (i) => ({ userPrompt: i < 4 ? "You want a refund now." : i < 5 ? "You want an exchange." : "You want a refund." })) },
    );
    const p = d.prompts[0]!;
    expect([p.file, p.changed, p.of]).toEqual(["user_prompt.txt", 5, 6]);
    expect(p.edits.map((e) => e.scenarios.length)).toEqual([4, 1]);
  });

  it("names tools added and removed with how many scenarios", () => {
    const d = setupDiff({ args: ARGS, scenarios: suite(4) }, { args: ARGS, scenarios: suite(4, () => ({ agentTools: ["get_order", "refund_order"] })) });
    expect(d.tools).toEqual([
      { side: "agent", tool: "refund_order", change: "added", scenarios: 4, of: 4 },
      { side: "agent", tool: "cancel_order", change: "removed", scenarios: 4, of: 4 },
    ]);
  });

  it("lists changed arguments, names the judge, and keeps secrets redacted", () => {
    const changes = argChanges(ARGS, { ...ARGS, judge_model: "gpt-judge-2", judge_api_key: "sk-live-123", pause: 0.5 });
    expect(changes).toEqual([
      { name: "judge_api_key", base: "<redacted>", other: "changed (redacted)", redacted: true },
      { name: "judge_model", base: "gpt-judge-1", other: "gpt-judge-2" },
      { name: "pause", base: "(not set)", other: "0.5" },
    ]);
    expect(JSON.stringify(changes)).not.toContain("sk-live");
    const d = setupDiff({ args: ARGS, scenarios: suite(1) }, { args: { ...ARGS, judge_model: "gpt-judge-2" }, scenarios: suite(1) });
    expect(d.judge.model).toEqual({ name: "judge_model", base: "gpt-judge-1", other: "gpt-judge-2" });
    expect(d.judge.threshold).toBeNull();
  });

  it("says so when a run has no run_args.json instead of inventing a difference, and skips files missing on one side", () => {
    const d = setupDiff(
      { args: null, scenarios: suite(3) },
      { args: ARGS, scenarios: suite(3, (i) => (i === 0 ? { agentPrompt: null, agentTools: null } : {})) },
    );
    expect(d.runArgs).toEqual({ base: false, other: true });
    expect(d.args).toEqual([]);
    expect(d.same).toBe(false);
    expect(d.prompts).toEqual([]);
    expect(d.tools).toEqual([]);
    expect(setupSummary(d)[0]).toMatch(/no run_args.json in the base run/);
  });

  it("bounds a long diff", () => {
    const a = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n");
    const b = Array.from({ length: 2000 }, (_, i) => (i % 10 === 0 ? `LINE ${i}` : `line ${i}`)).join("\n");
    const d = lineDiff(a, b);
    expect(d.lines.length).toBeLessThanOrEqual(80);
    expect(d.cut).toBeGreaterThan(0);
  });

  it("gives up on two 100 KB prompts too different to show line by line, and says how many lines changed", () => {
    const a = menuPrompt(1, 100);
    const b = menuPrompt(2, 100);
    const started = performance.now();
    const d = lineDiff(a, b);
    // Not a timing assertion: the whole search took 5.6 s on this pair; the bound gives up long before.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(d.lines).toEqual([]);
    expect(d.unshown).toBe(`too different to show line by line: ${changedLineCount(a, b).toLocaleString("en-US")} lines changed`);
    expect(changedLineCount(a, b)).toBeGreaterThan(1000);
    expect(changedLineCount("a\nb\nb", "b\na\nc")).toBe(2);
  });

  it("diffs each distinct (before, after) pair once, however many scenarios share it", () => {
    const edited = (i: number): Partial<ScenarioSetup> => ({ agentPrompt: i % 2 ? "Prompt one, edited." : "Prompt two, edited." });
    const base = { args: ARGS, scenarios: suite(10) };
    const other = { args: ARGS, scenarios: suite(10, edited) };
    expect(changedPromptPairs(base, other)).toHaveLength(2);
    const calls: Array<[string, string]> = [];
    const counted = memoLineDiff((a, b): LineDiff => {
      calls.push([a, b]);
      return lineDiff(a, b);
    });
    const d = setupDiff(base, other, counted);
    expect(calls).toHaveLength(2);
    expect(d.prompts[0]?.changed).toBe(10);
    expect(d.prompts[0]?.edits.map((e) => e.scenarios.length)).toEqual([5, 5]);
  });

  it("keeps pairs too different to show apart, each its own edit", () => {
    const base = {
      args: ARGS,
      scenarios: new Map([
        ["a", setup({ agentPrompt: menuPrompt(1, 30) })],
        ["b", setup({ agentPrompt: menuPrompt(3, 30) })],
      ]),
    };
    const other = {
      args: ARGS,
      scenarios: new Map([
        ["a", setup({ agentPrompt: menuPrompt(2, 30) })],
        ["b", setup({ agentPrompt: menuPrompt(4, 30) })],
      ]),
    };
    const d = setupDiff(base, other, () => ({ lines: [], cut: 0, unshown: "too different to show line by line: 9 lines changed" }));
    expect(d.prompts[0]?.edits).toHaveLength(2);
  });
});

describe("retry switches and the stall rule on their own lines (issue 45)", () => {
  it("lists every switch with both values and says which changed", () => {
    const base = { ...ARGS, max_auto_retries: 0, auto_resume_on_stale: true };
    const other = { ...ARGS, min_agent_turns: 2, max_auto_retries: 2, auto_resume_on_stale: true };
    const d = setupDiff({ args: base, scenarios: suite(1) }, { args: other, scenarios: suite(1) });
    expect(d.retrySwitches).toEqual([
      { name: "auto_resume_on_stale", base: "true", other: "true", changed: false },
      { name: "max_auto_retries", base: "0", other: "2", changed: true },
      { name: "min_agent_turns", base: "3", other: "2", changed: true },
    ]);
    expect(setupSummary(d)).toEqual([
      "automatic retries: max_auto_retries 0 → 2 (retried scenarios are scored on their accepted attempt)",
      "stall rule: --min-agent-turns 3 → 2 (scenarios with fewer agent turns count as failures)",
    ]);
  });
});
