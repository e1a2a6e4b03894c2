/**
 * The one reader of `scenario_config/agent_tools.json` and `user_tools.json` (ARTIFACTS.md §1.15): a
 * JSON string whose content is a JSON object of tool name → constructor arguments, so parsed twice.
 * The scenario page and the setup diff (its tool names) read them through `readToolsFile`.
 */
import { parseJson } from "../json";
import { droppedKeysProblem, problem } from "../problems";
import { ToolsFileSchema } from "../schemas";
import { checkedValue, notJsonProblem, type Read } from "./json-artifact";

export function readToolsFile(file: string, text: string): Read<Record<string, unknown>> {
  const outer = parseJson(text);
  if (!outer.ok) return { value: null, problems: [notJsonProblem(file, text, outer.error)] };
  const inner = typeof outer.value === "string" ? parseJson(outer.value) : outer;
  if (!inner.ok) return { value: null, problems: [problem(file, "invalid-json", `inner ${inner.error}`)] };
  const { value, problems } = checkedValue(file, inner.value, ToolsFileSchema);
  return { value, problems: [...droppedKeysProblem(file, inner.dropped), ...problems] };
}

/** The tools offered, by name, sorted (what the setup diff compares); `null` without a usable file. */
export function toolNamesOf(read: Read<Record<string, unknown>>): string[] | null {
  return read.value === null ? null : Object.keys(read.value).sort();
}
