/**
 * Issue 42's heavy views on the real server (`npm run bench -- --only heavy`): each view's first
 * (uncached) answer, its size, and the slowest `/api/health` answer while it computed, polled every
 * 50 ms (the rule: under 1 s while any view computes). The views' folders are written once under the
 * bench folder, all in one results folder served by one server.
 *
 * To add a heavy view (e.g. the audio analysis of a 100 MB WAV): a `HeavyView` in `HEAVY_VIEWS` whose
 * `prepare` writes its run(s) into the results folder (run ids of its own), whose `path` is the request
 * that computes it (an API route or a page), and whose `note` says what came back; bump `FOLDER` so
 * that the folder is written again. `prepare` runs once per folder (a `.done` marker per view).
 */
import type { ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { healthWhile } from "../tests/helpers/health-probe";
import { PROMPT_BASE_RUN, PROMPT_OTHER_RUN, REASONS_RUN, writePromptRuns, writeReasonsRun } from "../tests/helpers/heavy-views";
import { writeBurstsWav } from "../tests/helpers/wav";

/** The audio view's run: a small fixture run whose one scenario carries issue 42's 100 MB WAV of bursts. */
const BURSTS_RUN = "eval_20260901_000000";
const BURSTS_SCENARIO = "tau2_airline__12";

export interface HeavyView {
  /** The bench line's label. */
  label: string;
  /** Writes the view's run(s) into the results folder `root`. */
  prepare(root: string): Promise<void>;
  /** The request that computes the view. */
  path: string;
  /** What came back, in a few words (from the answer's body). */
  note(body: string): string;
}

/** The results folder's version: bump it when a view is added or its data changes. */
const FOLDER = "heavy-views-v2";

export const HEAVY_VIEWS: HeavyView[] = [
  {
    label: "setup diff, 10 scenarios whose 100 KB prompt changed (/api/setup)",
    prepare: (root) => writePromptRuns(root, 10, 100),
    path: `/api/setup?base=${PROMPT_BASE_RUN}&run=${PROMPT_OTHER_RUN}`,
    note: (body) => {
      const d = JSON.parse(body) as { prompts: Array<{ edits: Array<{ unshown?: string }> }> };
      const edits = d.prompts.flatMap((p) => p.edits);
      return `${edits.length} edits, ${edits.filter((e) => e.unshown).length} too different to show line by line`;
    },
  },
  {
    label: "failure themes, 20,000 failing scenarios with random 40–80-word reasons (/api/themes)",
    prepare: (root) => writeReasonsRun(root, 20_000),
    path: `/api/themes?run=${REASONS_RUN}`,
    note: (body) => {
      const d = JSON.parse(body) as { themes: unknown[]; unthemed: { reasons: number } };
      return `${d.themes.length} themes, ${d.unthemed.reasons.toLocaleString("en-US")} reasons in no theme`;
    },
  },
  {
    label: "audio analysis, a 100 MB WAV of 0.15 s bursts alternating every 0.7 s at 1 kHz (…/audio-analysis)",
    prepare: async (root) => {
      const run = join(root, BURSTS_RUN);
      cpSync(join(import.meta.dirname, "../tests/fixtures/harness/small-2-domains/run/eval_20260810_031700"), run, { recursive: true });
      writeBurstsWav(join(run, BURSTS_SCENARIO, "conversation_log.wav"), { bytes: 100 * 1024 * 1024, rate: 1000, on: 0.15, period: 0.7 });
    },
    path: `/api/runs/${BURSTS_RUN}/scenarios/${BURSTS_SCENARIO}/audio-analysis`,
    note: (body) => {
      const d = JSON.parse(body) as { counts: { userSpurts: number; agentSpurts: number }; analysedSeconds: number };
      return `${(d.counts.userSpurts + d.counts.agentSpurts).toLocaleString("en-US")} spurts in the first ${(d.analysedSeconds / 3600).toFixed(0)} h, lists cut at 2,000`;
    },
  },
];

export interface HeavyBenchDeps {
  out: string;
  report(label: string, value: string): void;
  startServer(dir: string): Promise<{ url: string; child: ChildProcess }>;
  stopServer(child: ChildProcess): void;
}

export async function heavyViewFigures({ out, report, startServer, stopServer }: HeavyBenchDeps): Promise<void> {
  const root = join(out, FOLDER);
  mkdirSync(root, { recursive: true });
  for (const [i, view] of HEAVY_VIEWS.entries()) {
    const done = `${root}.${i}.done`;
    if (existsSync(done)) continue;
    console.log(`writing the runs of: ${view.label}…`);
    await view.prepare(root);
    writeFileSync(done, new Date().toISOString());
  }
  console.log(`\n[heavy views, /api/health while each computes] ${root}`);
  const { url, child } = await startServer(root);
  try {
    for (const view of HEAVY_VIEWS) {
      const first = await healthWhile(url, view.path, { timeoutMs: 600_000 });
      const again = await healthWhile(url, view.path, { timeoutMs: 600_000 });
      const note = first.status === 200 ? view.note(first.body) : `status ${first.status}: ${first.body.slice(0, 200)}`;
      report(
        view.label,
        `${(first.ms / 1000).toFixed(1)} s first (${again.ms < 1000 ? `${Math.round(again.ms)} ms` : `${(again.ms / 1000).toFixed(1)} s`} again), ${(first.bytes / 1024).toFixed(0)} KB; /api/health at most ${Math.round(first.healthMaxMs)} ms meanwhile (${first.healthPolls} polls); ${note}`,
      );
    }
  } finally {
    stopServer(child);
  }
}
