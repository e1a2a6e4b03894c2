/** Compare's Audio section: both runs' recordings measured (lib/server/views/run-audio), side by side. */
import { AudioCompare } from "@/components/compare/audio";
import type { RunModel } from "@/lib/server/model/run-model";
import { runAudio } from "@/lib/server/views/run-audio";

export async function CompareAudio({ base, other }: { base: RunModel; other: RunModel }) {
  const [a, b] = await Promise.all([runAudio(base), runAudio(other)]);
  return <AudioCompare base={a} other={b} />;
}
