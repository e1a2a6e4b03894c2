/**
 * A scenario's `scenario_config/reference_answer.json` read from disk by the one reader
 * (`lib/core/evidence/reference-answer.ts`) and kept under the file's signature: the scenario page
 * and the run's judge sections read it once until it changes.
 */
import "server-only";
import type { Read } from "@/lib/core/evidence/json-artifact";
import { readReferenceAnswer } from "@/lib/core/evidence/reference-answer";
import { keptFileReader } from "./kept-file";

export const readReferenceFile = keptFileReader<Read<Record<string, unknown>>>({
  cache: "reference-answers",
  file: "scenario_config/reference_answer.json",
  maxBytes: 16 * 1024 * 1024,
  read: readReferenceAnswer,
  unreadable: (problem) => ({ value: null, problems: [problem] }),
});
