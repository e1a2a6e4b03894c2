/**
 * The one reader of `scenario_config/reference_answer.json` (ARTIFACTS.md §1.15): the scenario page's
 * action diff and the run's judge sections read it through `readReferenceAnswer`.
 */
import { ReferenceAnswerSchema } from "../schemas";
import { readJsonArtifact, type Read } from "./json-artifact";

export function readReferenceAnswer(text: string): Read<Record<string, unknown>> {
  const { value, problems } = readJsonArtifact("scenario_config/reference_answer.json", text, ReferenceAnswerSchema);
  return { value, problems };
}
