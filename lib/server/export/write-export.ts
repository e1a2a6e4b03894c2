/**
 * `export`: a self-contained folder (HTML + JSON, and audio with --audio) that opens from disk with no
 * server: the run overview, the filtered scenarios' pages (transcript, judge evidence, audio) and the
 * comparison when asked. Reads the run with the same index and DTOs as the dashboard; writes only
 * into the output folder, which may not lie inside a results folder it reads.
 */
import "server-only";
import type { JsonValue } from "@/lib/core/judge-fields";
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { ratesOf, runSummaryJson } from "@/lib/core";
import type { ScenarioDetail } from "@/lib/shared/dto";
import { parseScenarioQuery } from "@/lib/shared/scenario-query";
import { mapLimit } from "../ingest/pool";
import { isInside } from "../write-guard";
import { closeStore, createStore, type Store } from "../live/store";
import type { RunModel } from "../model/run-model";
import { comparePair } from "../views/compare";
import { queryScenarios, runAnalysis } from "../views/run-views";
import { scenarioDetail } from "../views/scenario-detail";
import { compareHtml } from "./compare-page";
import { copyRegularFile } from "./copy-file";
import { overviewHtml } from "./run-page";
import { scenarioHtml } from "./scenario-page";

export interface ExportOptions {
  runDir: string;
  compareDir?: string;
  /** A query string as on the run page (`quick=failed&domain=qa`). */
  filter?: string;
  outDir: string;
  audio: boolean;
}

export interface ExportResult {
  outDir: string;
  scenarios: number;
  total: number;
  files: number;
  bytes: number;
  audioIncluded: number;
  audioLeftOut: number;
}

/** Bad input: a named problem, exit code 2. */
export class ExportError extends Error {}

async function openRun(dir: string, what: string): Promise<{ store: Store; run: RunModel }> {
  const info = await stat(dir).catch(() => null);
  if (!info) throw new ExportError(`${what} ${dir}: no such folder`);
  if (!info.isDirectory()) throw new ExportError(`${what} ${dir}: not a folder`);
  const store = createStore(dir, { watch: false });
  await store.scanned;
  const only = store.index.runs.size === 1 ? [...store.index.runs.values()][0] : undefined;
  const run = only && only.dir === dir ? await store.openRun(only.id) : undefined;
  if (!run) {
    await closeStore(store);
    throw new ExportError(`${what} ${dir}: not a run folder (no evaluation_log.txt, run_args.json, all_summary.txt or scenario folders)`);
  }
  return { store, run };
}

const slug = (i: number, name: string) => `${String(i + 1).padStart(4, "0")}-${name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 100)}`;

/**
 * The scenario's detail as exported: no LLM contexts, prompts, tool schemas, bridge log or judge input
 * or ASR segments (the transcript is shown from the conversation log), so an export of thousands stays small.
 */
function exportedDetail(d: ScenarioDetail): ScenarioDetail {
  const judge = d.judge && typeof d.judge === "object" ? { ...(d.judge as Record<string, JsonValue>) } : d.judge;
  if (judge && typeof judge === "object") delete (judge as Record<string, JsonValue>).judge_input;
  return { ...d, judge, agentContext: null, userContext: null, segments: null, prompts: { user: null, agent: null }, tools: { user: null, agent: null }, bridgeLogTail: null };
}

export async function writeExport(o: ExportOptions): Promise<ExportResult> {
  const runDir = resolve(o.runDir);
  const outDir = resolve(o.outDir);
  const compareDir = o.compareDir ? resolve(o.compareDir) : null;
  for (const [dir, what] of [[runDir, "the run folder"], ...(compareDir ? [[compareDir, "the --compare folder"]] : [])] as Array<[string, string]>) {
    if (isInside(outDir, dir)) throw new ExportError(`--out ${outDir} is inside ${what}; the export never writes into a results folder`);
  }
  const existing = await readdir(outDir).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? [] : null));
  if (existing === null) throw new ExportError(`--out ${outDir}: not a folder that can be read`);
  if (existing.length) throw new ExportError(`--out ${outDir} is not empty`);
  const query = parseScenarioQuery(new URLSearchParams(o.filter ?? ""));
  if (!query.success) throw new ExportError(`--filter: ${query.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);

  const { store, run } = await openRun(runDir, "the run folder");
  const opened = compareDir ? await openRun(compareDir, "the --compare folder").catch(async (e) => (await closeStore(store), Promise.reject(e))) : null;
  try {
    if (query.data.q) await store.sync.withSearchTexts(run);
    const total = run.scenarios.size;
    const all = queryScenarios(run, { ...query.data, offset: 0, limit: Number.MAX_SAFE_INTEGER });
    await mkdir(join(outDir, "scenarios"), { recursive: true });
    await mkdir(join(outDir, "data", "scenarios"), { recursive: true });
    if (o.audio) await mkdir(join(outDir, "audio"), { recursive: true });
    let files = 0;
    let bytes = 0;
    const put = async (rel: string, text: string) => {
      await writeFile(join(outDir, rel), text);
      files++;
      bytes += Buffer.byteLength(text);
    };
    let audioIncluded = 0;
    let audioLeftOut = 0;
    const fileOf = new Map<string, string>();
    const entries = await mapLimit(all.rows, 8, async (row, i) => {
      const base = slug(i, row.name);
      const file = `scenarios/${base}.html`;
      fileOf.set(row.name, file);
      const detail = await scenarioDetail(run, row.name, { contexts: false });
      if (!detail) return { row, file, audio: "none" as const };
      const hasWav = detail.files.some((f) => f.path === "conversation_log.wav" && f.present);
      let audioFile: string | null = null;
      if (hasWav && o.audio && (await copyRegularFile(join(run.dir, row.name, "conversation_log.wav"), join(outDir, "audio", `${base}.wav`)))) {
        audioFile = `../audio/${base}.wav`;
        audioIncluded++;
        files++;
        bytes += (await stat(join(outDir, "audio", `${base}.wav`))).size;
      } else if (hasWav) audioLeftOut++;
      const exported = exportedDetail(detail);
      await put(file, scenarioHtml(exported, { audioFile, audioLeftOut: hasWav && !audioFile, back: "../index.html" }));
      await put(`data/scenarios/${base}.json`, JSON.stringify(exported));
      return { row, file, audio: audioFile ? ("included" as const) : hasWav ? ("left-out" as const) : ("none" as const) };
    });
    let compareFile: string | null = null;
    if (opened) {
      const pair = await comparePair(opened.run, run);
      compareFile = "compare.html";
      await put(compareFile, compareHtml(pair, opened.run.id, fileOf, "index.html"));
      await put("data/compare.json", JSON.stringify({ base: opened.run.id, ...pair }));
    }
    const analysis = runAnalysis(run);
    const summary = runSummaryJson(analysis);
    const audioNote = audioLeftOut
      ? `Audio left out: ${audioLeftOut} of the ${entries.length} exported scenarios have a recording. Export again with --audio to include the recordings.`
      : null;
    await put(
      "index.html",
      overviewHtml({
        runId: run.id,
        state: summary.state,
        completed: summary.completed_count,
        intended: summary.intended_count,
        rates: ratesOf(analysis.fold),
        filter: o.filter ?? null,
        scenarios: entries,
        total,
        audioNote,
        compareFile,
        generatedAt: new Date().toISOString(),
      }),
    );
    await put("data/run.json", JSON.stringify({ run: run.id, filter: o.filter ?? null, summary, scenarios: entries.map((e) => ({ ...e.row, page: e.file, audio: e.audio })) }));
    return { outDir, scenarios: entries.length, total, files, bytes, audioIncluded, audioLeftOut };
  } finally {
    await closeStore(store);
    if (opened) await closeStore(opened.store);
  }
}
