/** scenario_config/ (ARTIFACTS.md §1.15). */
import type { JsonObject, ScenarioDef } from "../model";
import { dumps } from "../pyjson";

export function metadataJson(def: ScenarioDef): string {
  const m: JsonObject = {
    name: def.name,
    domain: def.metadataDomain,
    description: def.description,
    max_duration: def.maxDuration,
    noise_config: def.noiseConfig,
    ignore_capitalization: def.ignoreCapitalization,
    ignore_punctuation: def.ignorePunctuation,
    clean_text: def.cleanText,
    disallow_extra_items: def.disallowExtraItems,
    success_signals: def.successSignals,
  };
  if (def.dbAssertions.length) m.db_state_assertions = def.dbAssertions as unknown as JsonObject[];
  if (def.nlAssertions.length) m.nl_assertions = def.nlAssertions;
  if (def.initializationActions.length) m.initialization_actions = def.initializationActions;
  if (def.expectedDbHash) m.expected_db_hash = def.expectedDbHash;
  if (def.expectedUserDbHash) m.expected_user_db_hash = def.expectedUserDbHash;
  return dumps(m, 4);
}

/** A JSON string whose content is a JSON object of tool names → constructor arguments. */
export function toolsJson(names: readonly string[]): string {
  const o: JsonObject = {};
  for (const n of names) o[n] = {};
  return dumps(dumps(o));
}

/** File name → content, in the order the runner writes them. */
export function scenarioConfigFiles(def: ScenarioDef, agentPrompt: string): Array<[string, string]> {
  const files: Array<[string, string]> = [
    ["user_prompt.txt", def.userPrompt],
    ["user_tools.json", toolsJson(def.userTools)],
    ["agent_prompt.txt", agentPrompt],
    ["agent_tools.json", toolsJson(def.agentTools)],
    ["metadata.json", metadataJson(def)],
  ];
  if (def.reference !== null) files.push(["reference_answer.json", dumps(def.reference, 4)]);
  return files;
}
