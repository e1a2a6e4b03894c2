/**
 * `export`: a self-contained folder (HTML + JSON, and audio with --audio) that opens from disk with no
 * server: the run overview, the filtered scenarios' pages and the comparison when asked, rendered by
 * the live pages' own components (components/export) from the same index and DTOs, with the app's
 * style sheet beside them. Writes only into the output folder, which may not lie inside a results
 * folder it reads.
 */
import "server-only";
import type { JsonValue } from "@/lib/core/evidence/judge";
import { lstat, mkdir, readdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import { runSummaryJson } from "@/lib/core";
import { compareHtml, overviewHtml, scenarioPageHtml, type Versus } from "@/components/export/pages";
import type { AudioFinding } from "@/lib/core/audio/analyse";
import { audioAnalysis } from "../audio/analysis";
import type { ExportedScenario } from "@/components/export/scenario-list";
import type { ScenarioNav } from "@/components/scenario/types";
import type { ScenarioDetail } from "@/lib/shared/dto";
import { runHref, scenarioHref } from "@/lib/shared/routes";
import { parseScenarioQuery, ScenarioQuerySchema, unknownScenarioQueryKeys } from "@/lib/shared/scenario-query";
import { mapLimit } from "../ingest/pool";
import { isInside, writeFileNoFollow } from "../write-guard";
import { closeStore, createStore, type Store } from "../live/store";
import type { RunModel } from "../model/run-model";
import { compareRuns, SMALL_SAMPLE } from "../views/compare";
import { runSetupDiff } from "../views/setup";
import { setupSummary } from "@/lib/core/setup/diff";
import { divergenceFrom } from "../views/divergence";
import { runFactsOf } from "../views/run-facts";
import { runAnalysis, runDetail } from "../views/run-views";
import { scenarioRowsPage } from "../queries/run-detail";
import { scenarioDetail } from "../views/scenario-detail";
import { appStyleSheet } from "./app-style";
import { copyRegularFile } from "./copy-file";

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
  return {
    ...d,
    judge,
    agentContext: null,
    userContext: null,
    segments: null,
    prompts: { user: null, agent: null },
    tools: { user: null, agent: null },
    bridgeLogTail: null,
  };
}

export async function writeExport(o: ExportOptions): Promise<ExportResult> {
  const runDir = resolve(o.runDir);
  const outDir = resolve(o.outDir);
  const compareDir = o.compareDir ? resolve(o.compareDir) : null;
  for (const [dir, what] of [[runDir, "the run folder"], ...(compareDir ? [[compareDir, "the --compare folder"]] : [])] as Array<[string, string]>) {
    if (isInside(outDir, dir)) throw new ExportError(`--out ${outDir} is inside ${what}; the export never writes into a results folder`);
  }
  if ((await lstat(outDir).catch(() => null))?.isSymbolicLink())
    throw new ExportError(`--out ${outDir} is a symbolic link: the export does not write through links`);
  const existing = await readdir(outDir).catch((e: NodeJS.ErrnoException) => (e.code === "ENOENT" ? [] : null));
  if (existing === null) throw new ExportError(`--out ${outDir}: not a folder that can be read`);
  if (existing.length) throw new ExportError(`--out ${outDir} is not empty`);
  const params = new URLSearchParams(o.filter ?? "");
  // As the run page opens: the failures first, ties in summary order (`sort=order`: the harness's own order).
  if (!params.has("sort")) {
    params.set("sort", "verdict");
    params.set("dir", "asc");
  }
  const unknown = unknownScenarioQueryKeys(params);
  if (unknown.length)
    throw new ExportError(
      `--filter: unknown key${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} (known: ${Object.keys(ScenarioQuerySchema.shape).join(", ")})`,
    );
  const query = parseScenarioQuery(params);
  if (!query.success) throw new ExportError(`--filter: ${query.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);

  const { store, run } = await openRun(runDir, "the run folder");
  const opened = compareDir ? await openRun(compareDir, "the --compare folder").catch(async (e) => (await closeStore(store), Promise.reject(e))) : null;
  try {
    const total = run.scenarios.size;
    // The run table's own question, every row of it (the search reads the judge reasons first).
    const all = await scenarioRowsPage(store, run, { ...query.data, offset: 0, limit: Number.MAX_SAFE_INTEGER });
    await mkdir(join(outDir, "scenarios"), { recursive: true });
    await mkdir(join(outDir, "data", "scenarios"), { recursive: true });
    if (o.audio) await mkdir(join(outDir, "audio"), { recursive: true });
    let files = 0;
    let bytes = 0;
    const put = async (rel: string, text: string) => {
      await writeFileNoFollow(join(outDir, rel), text);
      files++;
      bytes += Buffer.byteLength(text);
    };
    let audioIncluded = 0;
    let audioLeftOut = 0;
    // The app's own style sheet, once, beside the pages.
    const css = appStyleSheet();
    if (css !== null) await put("app.css", css);
    const pages = all.rows.map((row, i) => `scenarios/${slug(i, row.name)}.html`);
    const fileOf = new Map(all.rows.map((row, i) => [row.name, pages[i] as string]));
    // A dashboard link the export wrote a page for goes to that page; any other becomes inert text.
    const pathOf = new Map<string, string>([
      [runHref(run.id), "index.html"],
      ...all.rows.map((row, i): [string, string] => [scenarioHref(run.id, row.name), pages[i] as string]),
    ]);
    const linkFrom = (dir: "" | "scenarios/") => (path: string) => {
      const target = pathOf.get(path.replace(/[?#].*$/, ""));
      return target === undefined ? null : dir ? (target.startsWith(dir) ? target.slice(dir.length) : `../${target}`) : target;
    };
    // Previous/next within the exported list and within its failing scenarios, as on the live page.
    const names = all.rows.map((r) => r.name);
    const failingNames = all.rows.filter((r) => r.verdict === false).map((r) => r.name);
    const at = new Map(names.map((n, i) => [n, i]));
    const atFailing = new Map(failingNames.map((n, i) => [n, i]));
    const target = (name: string | undefined) => (name === undefined ? null : { name, href: (fileOf.get(name) as string).slice("scenarios/".length) });
    const around = (list: string[], index: number | undefined) =>
      index === undefined
        ? { prev: null, next: null, index: null, total: list.length }
        : { prev: target(list[index - 1]), next: target(list[index + 1]), index, total: list.length };
    const navOf = (name: string): ScenarioNav => ({
      list: around(names, at.get(name)),
      failing: around(failingNames, atFailing.get(name)),
      runHref: "../index.html",
      viewQuery: "",
      filtered: Boolean(o.filter),
      error: null,
    });
    const entries = await mapLimit(all.rows, 8, async (row, i): Promise<ExportedScenario> => {
      const base = slug(i, row.name);
      const file = pages[i] as string;
      const listed = {
        name: row.name,
        domain: row.domain,
        verdict: row.verdict,
        file,
        failing: [...row.success_breakdown.failed, ...(row.stalled ? ["stalled"] : [])],
        judge: row.judge_score,
      };
      const detail = await scenarioDetail(run, row.name, { contexts: false });
      if (!detail) return { ...listed, file: null, audio: "none" };
      const hasWav = detail.files.some((f) => f.path === "conversation_log.wav" && f.present);
      let audioFile: string | null = null;
      let audioFindings: AudioFinding[] | null = null;
      if (hasWav && o.audio && (await copyRegularFile(join(run.dir, row.name, "conversation_log.wav"), join(outDir, "audio", `${base}.wav`)))) {
        audioFile = `../audio/${base}.wav`;
        // The recording goes with the page: its findings go in the likely causes, as on the live page.
        const measured = await audioAnalysis(run, row.name);
        audioFindings = measured.status === 200 ? measured.analysis.findings : null;
        audioIncluded++;
        files++;
        bytes += (await stat(join(outDir, "audio", `${base}.wav`))).size;
      } else if (hasWav) audioLeftOut++;
      const exported = exportedDetail(detail);
      // Where a failing call parts from its passing call in the compared run: a likely cause, as on the live page.
      const divergence = opened && row.verdict === false ? await divergenceFrom(run, opened.run, row.name) : null;
      await put(
        file,
        scenarioPageHtml({
          detail: exported,
          run: runFactsOf(run, row.name),
          nav: navOf(row.name),
          audioSrc: audioFile,
          audioFindings,
          divergence,
          cssHref: css === null ? null : "../app.css",
          linkOf: linkFrom("scenarios/"),
        }),
      );
      await put(`data/scenarios/${base}.json`, JSON.stringify(exported));
      return { ...listed, audio: audioFile ? "included" : hasWav ? "left-out" : "none" };
    });
    let compareFile: string | null = null;
    let versus: Versus | null = null;
    if (opened) {
      const result = await compareRuns(opened.run, [run]);
      const setup = await runSetupDiff(opened.run, run);
      // The setup lines as the run page's "what changed" names them (views/run-changes.ts).
      versus = { base: opened.run.id, changes: new Map(result.comparisons[0]!.scenarios.map((s) => [s.name, s.change])), setup: setupSummary(setup) };
      compareFile = "compare.html";
      await put(
        compareFile,
        compareHtml({
          result,
          setup,
          files: fileOf,
          back: "index.html",
          smallBelow: SMALL_SAMPLE,
          cssHref: css === null ? null : "app.css",
          linkOf: linkFrom(""),
        }),
      );
      await put("data/compare.json", JSON.stringify({ base: opened.run.id, ...result.comparisons[0] }));
    }
    const summary = runSummaryJson(runAnalysis(run));
    const audioNote = audioLeftOut
      ? `Audio left out: ${audioLeftOut} of the ${entries.length} exported scenarios have a recording. Export again with --audio to include the recordings.`
      : null;
    await put(
      "index.html",
      overviewHtml({
        run: runDetail(run),
        filter: o.filter ?? null,
        scenarios: entries,
        total,
        audioNote,
        compareFile,
        versus,
        generatedAt: new Date().toISOString(),
        cssHref: css === null ? null : "app.css",
        linkOf: linkFrom(""),
      }),
    );
    await put(
      "data/run.json",
      JSON.stringify({
        run: run.id,
        filter: o.filter ?? null,
        summary,
        scenarios: all.rows.map((row, i) => ({ ...row, page: entries[i]!.file, audio: entries[i]!.audio })),
      }),
    );
    return { outDir, scenarios: entries.length, total, files, bytes, audioIncluded, audioLeftOut };
  } finally {
    await closeStore(store);
    if (opened) await closeStore(opened.store);
  }
}
