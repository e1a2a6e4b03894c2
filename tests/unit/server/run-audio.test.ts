/** A run's recordings measured together: the Audio tab's figures, compare's totals and `report`'s findings. */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { timingService } from "@/lib/server/timing/service";
import { runReportText } from "@/lib/server/timing/report";
import { runAudio, runAudioFindings } from "@/lib/server/views/run-audio";
import { runAnalysis } from "@/lib/server/views/run-views";
import { writeWav } from "../../helpers/wav";

const FIXTURE = join(import.meta.dirname, "../../fixtures/harness/small-2-domains/run/eval_20260810_031700");
const RUN = "eval_20260810_031700";
let tmp = "";
let store: Store;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "ved-run-audio-"));
  const run = join(tmp, RUN);
  cpSync(FIXTURE, run, { recursive: true });
  // One clean call with a clipped burst, one recording that is not a WAV at all.
  writeWav(join(run, "tau2_airline__12", "conversation_log.wav"), {
    seconds: 40,
    bursts: [
      { channel: 1, start: 1, end: 4 },
      { channel: 0, start: 6, end: 9 },
      { channel: 1, start: 30, end: 31, level: 1.5 },
    ],
  });
  writeFileSync(join(run, "tau2_airline__34", "conversation_log.wav"), "not a wav");
  store = createStore(tmp, { watch: false });
  await store.scanned;
}, 60_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe("a run's recordings", () => {
  it("counts the findings by kind, measures the response gaps, and names an unreadable recording on its row", async () => {
    const run = (await store.openRun(RUN))!;
    const audio = await runAudio(run);
    expect(audio.recordings).toBe(2);
    expect(audio.truncated).toBe(false);
    expect(audio.totals.clipping).toBe(1);
    const clean = audio.rows.find((r) => r.name === "tau2_airline__12")!;
    expect(clean.findings.clipping).toBe(1);
    expect(clean.durationSeconds).toBeCloseTo(40, 1);
    // The call's own panel: the agent answers the user's one turn (9 s) at 30 s.
    expect(clean.interaction?.counts).toMatchObject({ responseTotal: 1, responses: 1 });
    expect(audio.interaction.hidden).toContain("responseRate");
    const broken = audio.rows.find((r) => r.name === "tau2_airline__34")!;
    expect(broken.problem).toMatch(/conversation_log\.wav/);
    // Failures first, as the table opens.
    const verdicts = audio.rows.map((r) => r.verdict);
    expect(verdicts.indexOf(true) === -1 || verdicts.lastIndexOf(false) < verdicts.indexOf(true)).toBe(true);
    // Only the first scenarios are measured past the limit, and it says so.
    const first = await runAudio(run, 1);
    expect(first.scenarios).toBe(1);
    expect(first.truncated).toBe(true);
  });

  it("lists every finding in the run's report, and the unreadable recording with its reason", async () => {
    const run = (await store.openRun(RUN))!;
    const audio = await runAudioFindings(run);
    expect(audio.recordings).toBe(2);
    expect(audio.findings.map((f) => [f.scenario, f.kind])).toEqual(
      expect.arrayContaining([
        ["tau2_airline__12", "clipping"],
        ["tau2_airline__34", "unreadable"],
      ]),
    );
    const service = timingService(store.index);
    await service.idle();
    const text = runReportText(run.id, runAnalysis(run), new Map(), await service.runTiming(run), audio);
    expect(text).toContain("## Audio findings");
    // The τ-voice panel over the run: one hand-off in the one readable call, under 10 events, so hidden.
    expect(text).toContain("### Interaction (τ-voice panel, on the recordings)");
    expect(text).toMatch(/\| Response rate R_R \| hidden \(1 event, under 10\) \| 1 \|/);
    expect(audio.interaction.counts.responseTotal).toBe(1);
    expect(text).toMatch(/\| tau2_airline__12 \| clipping \| agent \| 30\.0 \|/);
    expect(text).toMatch(/Listen to the recordings where the audio and the logs disagree: .*tau2_airline__12/);
    expect(runReportText(run.id, runAnalysis(run), new Map(), await service.runTiming(run))).not.toContain("## Audio findings");
  });
});
