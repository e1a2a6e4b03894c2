import { join } from "node:path";
import { runRoute } from "@/lib/server/http/api";
import { closeStore, createStore } from "@/lib/server/live/store";
const RUN = "eval_20261118_140000";
const store = createStore(join("examples/results", RUN), { watch: false });
await store.scanned;
for (const sc of ["qa__weather_new_york", "qa__largest_ocean", "tau2_airline__28", "tau2_airline__48"]) {
  const res = await runRoute(store, new Request(`http://localhost/api/runs/${RUN}/scenarios/${sc}/audio-analysis`));
  const a = await res.json();
  console.log(sc, JSON.stringify(a.findings.map((f: any) => `${f.kind}:${f.side}@${f.start}`)), JSON.stringify(a.interactionEvents.map((e: any) => `${e.kind}@${e.at}:${e.seconds}`)), JSON.stringify(a.speech));
}
await closeStore(store);
