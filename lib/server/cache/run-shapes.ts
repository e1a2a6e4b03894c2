/**
 * The shapes a run's row of the index cache must have before it is used (issue 42): valid SQLite
 * and valid v8 can hold anything, and a head of `null` or a record of `{}` killed the first scan or
 * made a page answer 500 for good. Checked per row (and per scenario state), cheaply: typeof tests
 * of what the index and the views read, never a schema pass over the whole value.
 */
import "server-only";
import type { LevelBulk, LevelHead } from "../ingest/read-run-level";
import type { ScenarioState } from "../model/run-model";
import { isProblems } from "./index-cache";

type Loose = Record<string, unknown>;
const isObject = (x: unknown): x is Loose => typeof x === "object" && x !== null && !Array.isArray(x);
const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === "string");
const orNull = (x: unknown, test: (x: unknown) => boolean) => x === null || test(x);
const isNumber = (x: unknown) => typeof x === "number";
const isString = (x: unknown) => typeof x === "string";

export function isLevelHead(x: unknown): x is LevelHead {
  if (!isObject(x)) return false;
  const summary = x.allSummary;
  return (
    typeof x.isRun === "boolean" &&
    typeof x.finished === "boolean" &&
    typeof x.hasAllMetrics === "boolean" &&
    orNull(x.logMtimeMs, isNumber) &&
    (summary === null || (isObject(summary) && isNumber(summary.size) && isNumber(summary.mtimeMs))) &&
    orNull(x.allMetricsOrder, isStrings) &&
    isProblems(x.problems) &&
    orNull(x.inFlight, isString)
  );
}

function isSession(x: unknown): boolean {
  return (
    isObject(x) &&
    typeof x.resuming === "boolean" &&
    typeof x.complete === "boolean" &&
    typeof x.interrupted === "boolean" &&
    orNull(x.queued, isStrings) &&
    isStrings(x.loaded) &&
    isStrings(x.movedAside) &&
    isStrings(x.completed) &&
    Array.isArray(x.started) &&
    x.started.every((s) => isObject(s) && isString(s.name))
  );
}

export function isLevelBulk(x: unknown): x is LevelBulk {
  return isObject(x) && Array.isArray(x.invocations) && x.invocations.every(isObject) && Array.isArray(x.sessions) && x.sessions.every(isSession);
}

function isRecord(x: unknown): boolean {
  return (
    isObject(x) &&
    isString(x.name) &&
    isObject(x.metrics) &&
    orNull(x.nlPassed, (v) => Array.isArray(v) && v.every((b) => typeof b === "boolean")) &&
    orNull(x.agentContextAssistantCount, isNumber)
  );
}

export function isScenarioState(x: unknown): x is ScenarioState {
  return isObject(x) && isString(x.name) && isString(x.signature) && isProblems(x.problems) && orNull(x.searchText, isString) && orNull(x.record, isRecord);
}
