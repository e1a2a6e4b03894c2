/**
 * `report <run-folder> [--scenario NAME] [--out FILE]`: the triage report as Markdown, built by the
 * same code as `GET /api/runs/{id}/report.md` (an index over the folder, its timing rollup read
 * once). Nothing is written into the results folder; `--out` writes only the named file.
 */
import { lstat, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { isInside, LinkRefusedError, writeFileNoFollow } from "@/lib/server/write-guard";
import { scenarioDetail } from "@/lib/server/views/scenario-detail";
import { closeStore, createStore } from "@/lib/server/live/store";
import { runReportExtras, runReportText, scenarioReportText } from "@/lib/server/timing/report";
import { timingService } from "@/lib/server/timing/service";
import { runAnalysis } from "@/lib/server/views/run-views";
import { runFactsOf } from "@/lib/server/views/run-facts";
import { runAudioFindings } from "@/lib/server/views/run-audio";
import { parseCommand } from "./usage";

export async function reportCommand(args: string[]): Promise<number> {
  const cli = parseCommand("report", args);
  if (typeof cli === "number") return cli;
  const parsed = { folder: cli.positionals[0]!, scenario: cli.values.scenario, out: cli.values.out };
  const dir = resolve(parsed.folder);
  if (parsed.out) {
    if (isInside(parsed.out, dir)) {
      process.stderr.write("report: --out must not point inside the results folder (the dashboard never writes there)\n");
      return 2;
    }
    if ((await lstat(resolve(parsed.out)).catch(() => null))?.isSymbolicLink()) {
      process.stderr.write(`report: --out ${parsed.out} is a symbolic link: the dashboard does not write through links\n`);
      return 2;
    }
    const folder = dirname(resolve(parsed.out));
    if (!(await stat(folder).catch(() => null))?.isDirectory()) {
      process.stderr.write(`report: --out ${parsed.out}: the folder ${folder} does not exist\n`);
      return 2;
    }
  }
  const store = createStore(dir, { watch: false });
  try {
    await store.scanned;
    const runs = [...store.index.runs.values()];
    if (runs.length !== 1) {
      process.stderr.write(`report: ${dir} ${runs.length === 0 ? "is not a run folder" : `holds ${runs.length} runs; name one of them`}\n`);
      return 2;
    }
    const run = (await store.openRun(runs[0]!.id))!;
    let text: string;
    if (parsed.scenario !== undefined) {
      const detail = run.scenarios.has(parsed.scenario) ? await scenarioDetail(run, parsed.scenario, { contexts: false }) : null;
      if (detail === null) {
        process.stderr.write(`report: no scenario named ${parsed.scenario}\n`);
        return 2;
      }
      text = scenarioReportText(detail, runFactsOf(run, parsed.scenario));
    } else {
      const service = timingService(store.index);
      await service.ready;
      // Asked first: a run the background pass leaves for later is read now.
      await service.runTiming(run);
      await service.idle();
      const timing = await service.runTiming(run);
      const problems = new Map([...run.scenarios.values()].map((s) => [s.name, [...s.problems]]));
      const analysis = runAnalysis(run);
      text = runReportText(run.id, analysis, problems, timing, await runAudioFindings(run), await runReportExtras(run, analysis));
    }
    if (parsed.out) {
      try {
        await writeFileNoFollow(resolve(parsed.out), text);
      } catch (err) {
        if (err instanceof LinkRefusedError) process.stderr.write(`report: --out ${err.message}\n`);
        else process.stderr.write(`report: cannot write ${parsed.out}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}\n`);
        return 2;
      }
    } else process.stdout.write(text);
    return 0;
  } finally {
    await closeStore(store);
  }
}
