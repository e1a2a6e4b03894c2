/** The interaction panel per night, loaded on its own (under a <Suspense> boundary): measuring recordings the first time must not hold back the page. */
import { InteractionNights } from "@/components/trends/interaction-nights";
import { getStore } from "@/lib/server/live/store";
import { INTERACTION_NIGHTS, INTERACTION_RECORDINGS, interactionPerNight } from "@/lib/server/views/trend-interaction";
import { trendRuns } from "@/lib/server/views/trends";

export async function NightInteractionPanel({ runIds }: { runIds: readonly string[] }) {
  const runs = trendRuns(getStore().index, runIds);
  return <InteractionNights nights={await interactionPerNight(runs)} maxNights={INTERACTION_NIGHTS} perNight={INTERACTION_RECORDINGS} />;
}
