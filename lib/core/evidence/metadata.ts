/**
 * The one reader of `scenario_config/metadata.json` (ARTIFACTS.md §1.15): the scenario page and
 * compare's gating read it through `readMetadata`. A malformed field (a `success_signals` that is not
 * a list of texts, an assertion without its `func_name`) is named and read as absent, the rest used.
 */
import { ScenarioMetadataSchema, type ScenarioMetadata } from "../schemas";
import { readJsonArtifact, type Read } from "./json-artifact";

export function readMetadata(text: string): Read<ScenarioMetadata> {
  const { value, problems } = readJsonArtifact("scenario_config/metadata.json", text, ScenarioMetadataSchema);
  return { value, problems };
}
