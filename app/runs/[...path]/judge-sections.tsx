/** The run page's count of what its judges saw (issue 45), read after the page's first paint (Suspense). */
import { JudgeSectionsNote } from "@/components/run/judge-sections-note";
import type { RunModel } from "@/lib/server/model/run-model";
import { runJudgeSections } from "@/lib/server/views/run-judge-sections";

export async function RunJudgeSections({ run }: { run: RunModel }) {
  return <JudgeSectionsNote counts={await runJudgeSections(run)} />;
}
