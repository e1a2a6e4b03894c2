/**
 * The gate's question as one query (`lib/server/queries/gate-inputs.ts`): what `check` gates on, read
 * from two run folders and the results folder that holds their suite, with bad input refused in a
 * sentence. Three nights of one suite: #2 fails on night 3, night 3 changes `output_sample_rate`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutcomeKind } from "@/lib/generator";
import { gateInputs } from "@/lib/server/queries/gate-inputs";
import { writeGenerated } from "../../helpers/generated";
import { tempDir } from "../../helpers/run-builder";

const night = (n: number) => `nightly/eval_202612${String(n).padStart(2, "0")}_020000`;
let root = "";
const dir = (n: number) => join(root, night(n));

beforeAll(async () => {
  root = await tempDir("ved-gate-inputs-");
  await writeGenerated(root, {
    seed: 21,
    runs: [1, 2, 3].map((n) => ({
      name: night(n),
      scenarios: 6,
      domains: ["tau2_retail"],
      quality: 1,
      lean: true,
      audio: false,
      outcomes: (n === 3 ? { "#2": "db_mismatch" } : {}) as Record<string, OutcomeKind>,
    })),
  });
  const args = join(dir(3), "run_args.json");
  const text = readFileSync(args, "utf8");
  expect(text).toMatch(/"output_sample_rate": 16000/);
  writeFileSync(args, text.replace(/"output_sample_rate": 16000/g, '"output_sample_rate": 4000'));
  await mkdir(join(root, "not-a-run"));
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe("gateInputs", () => {
  it("reads both runs, the suite's earlier runs beside the baseline, the setup change and the failing scenarios' judge reasons", async () => {
    const inputs = await gateInputs(dir(3), dir(2));
    if ("refused" in inputs) throw new Error(inputs.refused);
    expect([inputs.run.id, inputs.base.id]).toEqual(["eval_20261203_020000", "eval_20261202_020000"]);
    expect([inputs.run.state, inputs.run.completed, inputs.run.rows.length]).toEqual(["finished", 6, 6]);
    const failing = inputs.run.rows.filter((r) => r.verdict === false).map((r) => r.name);
    expect(failing).toHaveLength(1);
    expect(inputs.base.rows.every((r) => r.verdict === true)).toBe(true);
    // The run's arguments reach the gate only through the (redacted) setup diff.
    expect(inputs.run).not.toHaveProperty("args");
    expect(inputs.setupDiff.args.map((a) => [a.name, a.base, a.other])).toContainEqual(["output_sample_rate", "16000", "4000"]);
    // The history: the suite's runs before the run (nights 1 and 2) in the folder holding the baseline, not the run itself.
    expect(inputs.history?.source).toBe(join(root, "nightly"));
    expect(inputs.history?.runs.map((r) => r.id)).toEqual(["eval_20261201_020000", "eval_20261202_020000"]);
    expect([...inputs.reasons.keys()]).toEqual(failing);
    expect(inputs.reasons.get(failing[0]!)?.length).toBeGreaterThan(0);
  });

  it("takes the history from another results folder when given one, and has none in a folder without the suite", async () => {
    const inputs = await gateInputs(dir(3), dir(2), join(root, "not-a-run"));
    if ("refused" in inputs) throw new Error(inputs.refused);
    expect(inputs.history).toBeNull();
  });

  it("refuses the same folder twice and a folder that is not a run, in a sentence", async () => {
    expect(await gateInputs(dir(3), dir(3))).toMatchObject({ refused: expect.stringMatching(/same folder/) });
    expect(await gateInputs(join(root, "not-a-run"), dir(2))).toHaveProperty("refused");
  });
});
