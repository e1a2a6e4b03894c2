/**
 * A shard's stamps (its signatures as numbers, see `stamps`): the restart's check by stamps says
 * what comparing the signatures made again says, for every folder and every kind of change, and a
 * signature that is not all `file:size@mtime` is left to the slow check.
 */
import { cp } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { lstatInsideSync } from "@/lib/server/ingest/fs-sync";
import { currentSignature } from "@/lib/server/ingest/signatures";
import { stampsFit, stampsHold, stampsOf } from "@/lib/server/ingest/stamps";
import { closeStore, createStore } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";
import { changeSignedFiles } from "../../helpers/signature-changes";

const FIXTURE = join(__dirname, "../../fixtures/harness/small-2-domains/run/eval_20260810_031700");
const RUN = "eval_20260810_031700";

async function signedRun(): Promise<{ runDir: string; names: string[]; signatures: string[] }> {
  const root = await tempDir();
  const runDir = join(root, RUN);
  await cp(FIXTURE, runDir, { recursive: true });
  const store = createStore(root, { watch: false, bundle: null });
  try {
    await store.scanned;
    const scenarios = [...store.index.runs.get(RUN)!.scenarios.values()];
    return { runDir, names: scenarios.map((s) => s.name), signatures: scenarios.map((s) => s.signature) };
  } finally {
    await closeStore(store);
  }
}

describe("a shard's stamps", () => {
  it("agree with the signature made again, before and after every kind of change", async () => {
    const { runDir, names, signatures } = await signedRun();
    const stamps = stampsOf(signatures);
    expect(stampsFit(stamps, names.length)).toBe(true);
    const files = stamps.files.split("\0");
    const verdicts = async () => {
      const out: Array<[string, boolean | null, boolean]> = [];
      for (const [i, name] of names.entries()) out.push([name, stampsHold(stamps, files, i, runDir, name), (await currentSignature(runDir, name, signatures[i] as string, lstatInsideSync)) === signatures[i]]);
      return out;
    };
    const before = await verdicts();
    expect(before.filter(([, stamped]) => stamped === true).length, "every finished folder is stamped").toBe(signatures.filter((s) => !s.includes(":-") && !s.includes(":?") && s !== "").length);
    expect(before.every(([, stamped, slow]) => stamped !== false && slow)).toBe(true);

    const [a, b, c, d] = names.filter((_, i) => before[i]?.[1] === true) as [string, string, string, string];
    await changeSignedFiles(runDir, [a, b, c, d]);
    const after = await verdicts();
    for (const [name, stamped, slow] of after) if (stamped !== null) expect(stamped, name).toBe(slow);
    expect(after.filter(([, stamped]) => stamped === false).map(([name]) => name).sort()).toEqual([a, b, c, d].sort());
  });

  it("leave a signature that is not all file:size@mtime, or does not print back, to the slow check", () => {
    const signatures = ["metrics.json:?", "metrics.json:-,bridge_log.txt:file", "", "metrics.json:007@1", "metrics.json:7@1e3", "metrics.json:12@1769644724598.25,judge_result.json:-", "metrics.json:12@1769644724598.25"];
    const stamps = stampsOf(signatures);
    expect(stampsFit(stamps, signatures.length)).toBe(true);
    const stamped = signatures.map((_, i) => (stamps.from[i + 1] as number) > (stamps.from[i] as number));
    expect(stamped).toEqual([false, false, false, false, false, false, true]);
    expect([...stamps.values]).toEqual([12, 1769644724598.25]);
    expect(stampsHold(stamps, stamps.files.split("\0"), 0, "/nowhere", "x")).toBeNull();
  });

  it("that do not fit their folders are refused", () => {
    const good = stampsOf(["metrics.json:1@2", "metrics.json:3@4,judge_result.json:5@6"]);
    expect(stampsFit(good, 2)).toBe(true);
    expect(stampsFit(good, 3), "another folder count").toBe(false);
    expect(stampsFit({ ...good, from: Uint32Array.from([0, 2, 1]) }, 2), "parts going back").toBe(false);
    expect(stampsFit({ ...good, file: Uint8Array.from([0, 0, 7]) }, 2), "a file beyond the table").toBe(false);
    expect(stampsFit({ ...good, values: good.values.slice(1) }, 2), "values short").toBe(false);
  });
});
