/**
 * Runs and scenarios named by an agent, looked up in the index, with a clear error for each way a
 * name can be wrong. A name is only ever a key of the index (never joined into a path), so a hostile
 * one cannot reach a file; it is still refused by name, so the agent learns what it sent.
 */
import "server-only";
import type { RunModel } from "../model/run-model";
import type { Store } from "../live/store";
import { q } from "./text";

/** A tool error: the SDK answers it as `isError` with this message, and the server keeps answering. */
export class ToolError extends Error {}

const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a run id or scenario name cannot name anything in a results folder, or `null`. */
export function hostileName(name: string, kind: "run" | "scenario"): string | null {
  if (name.length === 0) return `an empty ${kind} name`;
  if (name.length > 1024) return `a ${kind} name longer than 1024 characters`;
  if (CONTROL.test(name)) return `a ${kind} name with control characters`;
  if (name.includes("\\")) return `a ${kind} name with a backslash`;
  if (name.startsWith("/")) return `an absolute path as a ${kind} name`;
  const parts = name.split("/");
  if (parts.some((p) => p === ".." || p === "." || p === "")) return `a ${kind} name with "..", "." or an empty path segment`;
  if (kind === "scenario" && parts.length > 1) return `a scenario name with "/" (a scenario is one folder of its run)`;
  return null;
}

function refuse(name: string, kind: "run" | "scenario"): void {
  const why = hostileName(name, kind);
  if (why) throw new ToolError(`refused ${why}: ${q(name, 120)}`);
}

/** The run with this id, ready to show; an unknown id is a tool error that says where ids come from. */
export async function runNamed(store: Store, id: string): Promise<RunModel> {
  refuse(id, "run");
  await store.scanned;
  const run = await store.openRun(id);
  if (!run) throw new ToolError(`unknown run: ${q(id, 200)} (list_runs gives the run ids)`);
  return run;
}

/** The scenario name checked against the run; an unknown one is a tool error. */
export function scenarioNamed(run: RunModel, name: string): string {
  refuse(name, "scenario");
  if (!run.hasScenario(name)) throw new ToolError(`unknown scenario: ${q(name, 200)} in run ${q(run.id, 200)} (list_scenarios gives the names)`);
  return name;
}
