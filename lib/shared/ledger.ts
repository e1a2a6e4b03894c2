/**
 * The triage ledger's vocabulary and the plain objects its API returns. Types and constants only:
 * safe to import from the browser (the zod schemas live in lib/server/ledger/schemas.ts).
 */

export const CAUSES = ["agent", "user-sim", "asr", "framework", "judge"] as const;
export type Cause = (typeof CAUSES)[number];

export const STATUSES = ["unreviewed", "confirmed", "known-issue", "fixed", "wont-fix"] as const;
export type Status = (typeof STATUSES)[number];

export const CAUSE_LABEL: Record<Cause, string> = { agent: "Agent", "user-sim": "User simulator", asr: "ASR", framework: "Framework", judge: "Judge" };
export const STATUS_LABEL: Record<Status, string> = {
  unreviewed: "Unreviewed",
  confirmed: "Confirmed",
  "known-issue": "Known issue",
  fixed: "Fixed",
  "wont-fix": "Won't fix",
};

/** One key per cause while walking failures (j/k move, these label). */
export const CAUSE_KEYS: Record<string, Cause> = { "1": "agent", "2": "user-sim", "3": "asr", "4": "framework", "5": "judge" };
/** Accepts the carried-over suggestion. */
export const ACCEPT_KEY = "y";

/** `overall`, or `nl:<i>` for the i-th (0-based) NL assertion. */
export type OverrideTarget = "overall" | `nl:${number}`;

export interface LabelFields {
  cause: Cause;
  secondary: Cause | null;
  status: Status;
  ref: string | null;
  note: string | null;
}

export interface Label extends LabelFields {
  run: string;
  scenario: string;
  /** The scenario's failing signals when labelled, sorted and comma-joined (the carry-over key). */
  signalKey: string;
  /** 1 on the first write, +1 on each later one. */
  revision: number;
  updatedBy: string;
  updatedAt: string;
}

export interface Override {
  run: string;
  scenario: string;
  target: OverrideTarget;
  reason: string;
  revision: number;
  updatedBy: string;
  updatedAt: string;
}

export interface HistoryEntry {
  id: number;
  kind: "label" | "override";
  run: string;
  scenario: string;
  /** `""` for a label; the override's target otherwise. */
  target: string;
  action: "set" | "delete" | "import";
  /** The row before and after, as stored (null when absent). */
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
  revision: number;
  /** Who wrote it here (for an import: the importing user). */
  author: string;
  at: string;
  /** An import's record author (the file's `updated_by`). */
  importedFrom?: string | null;
}

/** An earlier run's label of the same scenario failing on the same signals. */
export interface Suggestion {
  from: Label;
  text: string;
}

/** `GET /api/ledger/labels?run=…&scenario=…`. */
export interface ScenarioLedger {
  run: string;
  scenario: string;
  signalKey: string;
  label: Label | null;
  overrides: Override[];
  history: HistoryEntry[];
  suggestion: Suggestion | null;
  /** The ledger's global revision when read (live updates compare against it). */
  ledgerRevision: number;
  user: string;
}

/** A write's answer: the stored row, and whether someone else had changed it since the writer read it. */
export interface WriteResult<T> {
  value: T;
  /** The revision the writer based the edit on was not the stored one (the latest write still wins). */
  conflict: { previousBy: string; previousAt: string; previousRevision: number } | null;
}

/** The ledger summary of a run (run page). */
export interface RunLedgerSummary {
  failing: number;
  reviewed: number;
  /** Reviewed failing scenarios per primary cause. */
  byCause: Record<Cause, number>;
  agreement: { n: number; agree: number; rate: number | null; kappa: number | null };
  overridden: string[];
  /** Failing scenarios with no label, in summary order (the review queue). */
  unreviewed: string[];
}

/** A label shown next to a compared scenario (the other run's, else the baseline's). */
export interface CompareLabel {
  cause: Cause;
  status: Status;
  ref: string | null;
  /** The run the label was set in. */
  run: string;
}
