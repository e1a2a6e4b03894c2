/** The run page's Audio tab: the run's recordings measured (lib/server/views/run-audio), filterable by finding. */
import { RunAudioPanel } from "@/components/run/run-audio-panel";
import { Card } from "@/components/ui/card";
import type { FindingKind } from "@/lib/core/audio/analyse";
import type { RunModel } from "@/lib/server/model/run-model";
import { FINDING_KINDS, runAudio } from "@/lib/server/views/run-audio";

export async function RunAudioTab({
  run,
  finding,
  hrefFor,
}: {
  run: RunModel;
  finding: string | string[] | undefined;
  hrefFor: (finding: FindingKind | null) => string;
}) {
  const audio = await runAudio(run);
  const wanted = (FINDING_KINDS as readonly string[]).includes(String(finding)) ? (finding as FindingKind) : null;
  return (
    <Card id="audio" title="Audio: what the recordings say">
      <RunAudioPanel audio={audio} finding={wanted} hrefFor={hrefFor} />
    </Card>
  );
}
