/** The interaction panel per night, loaded on its own (under a <Suspense> boundary): measuring recordings the first time must not hold back the page. */
import { InteractionNights } from "@/components/trends/interaction-nights";
import { getStore } from "@/lib/server/live/store";
import type { RunModel } from "@/lib/server/model/run-model";
import { INTERACTION_NIGHTS, INTERACTION_RECORDINGS, interactionPerNight } from "@/lib/server/views/trend-interaction";

export async function NightInteractionPanel({ runIds }: { runIds: readonly string[] }) {
  const store = getStore();
  const runs = (await Promise.all(runIds.map((id) => store.openRun(id)))).filter((r): r is RunModel => r !== undefined);
  return <InteractionNights nights={await interactionPerNight(runs)} maxNights={INTERACTION_NIGHTS} perNight={INTERACTION_RECORDINGS} />;
}
