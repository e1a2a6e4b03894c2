/**
 * What the judge saw: `judge_result.json` → `judge_input.user_content` is built from tagged sections,
 * in this order and only when non-empty: `<reference>`, `<prediction>`, `<conversation>` (only with
 * `--judge-include-conversation`), `<nl_assertions>`, `<agent_context_history>`,
 * `<user_context_history>`. Each tag sits on a line of its own; a tag inside a section's text (a
 * quoted prompt, say) is not on a line of its own and is read as text.
 */
import { judgeFields } from "./evidence/judge";
import { problem, type Problem } from "./problems";

export const JUDGE_SECTIONS = ["reference", "prediction", "conversation", "nl_assertions", "agent_context_history", "user_context_history"] as const;
export type JudgeSection = (typeof JUDGE_SECTIONS)[number];

export interface SectionSeen {
  seen: boolean;
  /** Characters between the tags (0 when not seen). */
  chars: number;
}

export interface JudgeSections {
  sections: Record<JudgeSection, SectionSeen>;
  problems: Problem[];
}

const TAG = /^<(\/?)(reference|prediction|conversation|nl_assertions|agent_context_history|user_context_history)>\s*$/;
const FILE = "judge_result.json";

/** The sections of a judge's `user_content`; unbalanced or repeated tags are named, never thrown. */
export function judgeSections(userContent: string): JudgeSections {
  const sections = Object.fromEntries(JUDGE_SECTIONS.map((s) => [s, { seen: false, chars: 0 }])) as Record<JudgeSection, SectionSeen>;
  const problems: Problem[] = [];
  const named = new Set<string>();
  const name = (message: string) => {
    if (!named.has(message)) problems.push(problem(FILE, "inconsistent", message));
    named.add(message);
  };
  let open: { tag: JudgeSection; start: number } | null = null;
  let pos = 0;
  while (pos <= userContent.length) {
    const nl = userContent.indexOf("\n", pos);
    const end = nl === -1 ? userContent.length : nl;
    const m = TAG.exec(userContent.slice(pos, end).replace(/\r$/, ""));
    if (m) {
      const closing = m[1] === "/";
      const tag = m[2] as JudgeSection;
      if (!closing) {
        if (open) name(`judge_input: <${tag}> opens inside <${open.tag}>, which is not closed`);
        else {
          if (sections[tag].seen) name(`judge_input: <${tag}> appears more than once`);
          open = { tag, start: nl === -1 ? end : end + 1 };
        }
      } else if (open && open.tag === tag) {
        sections[tag].seen = true;
        sections[tag].chars += Math.max(0, pos - 1 - open.start);
        open = null;
      } else name(`judge_input: </${tag}> closes ${open ? `<${open.tag}>` : "no open section"}`);
    }
    if (nl === -1) break;
    pos = nl + 1;
  }
  if (open) {
    name(`judge_input: <${open.tag}> is never closed`);
    sections[open.tag].seen = true;
    sections[open.tag].chars += userContent.length - open.start;
  }
  return { sections, problems };
}

export type EvidenceFlag = "nl-without-conversation" | "actions-without-prediction" | "actions-without-reference";

export const EVIDENCE_FLAG_TEXT: Record<EvidenceFlag, string> = {
  "nl-without-conversation": "NL assertions were judged without <conversation>: the judge did not see the transcript they are about",
  "actions-without-prediction": "an action-based verdict without <prediction>: the judge did not see the agent's actions",
  "actions-without-reference": "an action-based verdict without <reference>: the judge did not see the expected actions",
};

/**
 * Scores that rested on missing evidence. `nlJudged`: the judge returned NL-assertion verdicts (or was
 * sent `<nl_assertions>`); `actionBased`: the scenario's verdict compares actions (a bool
 * `is_action_match` that counted, or a reference answer with actions).
 */
export function evidenceFlags(s: JudgeSections, facts: { nlJudged: boolean; actionBased: boolean }): EvidenceFlag[] {
  const out: EvidenceFlag[] = [];
  if ((facts.nlJudged || s.sections.nl_assertions.seen) && !s.sections.conversation.seen) out.push("nl-without-conversation");
  if (facts.actionBased && !s.sections.prediction.seen) out.push("actions-without-prediction");
  if (facts.actionBased && !s.sections.reference.seen) out.push("actions-without-reference");
  return out;
}

/** What the judge saw, for the judge card, the run page's counts and compare. */
export interface JudgeSeen {
  sections: Record<JudgeSection, SectionSeen>;
  flags: EvidenceFlag[];
  problems: Problem[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A reference answer compares actions when it lists them (eva/tau2: `{actions: [...]}`). */
function listsActions(reference: unknown): boolean {
  return isObject(reference) && Array.isArray(reference.actions) && reference.actions.length > 0;
}

/** The scenario's verdict counted the action match (in `success_breakdown`'s passed or failed, not excluded). */
function gatesOnActions(metrics: Record<string, unknown> | null): boolean {
  const b = metrics?.success_breakdown;
  if (!isObject(b)) return false;
  return [b.passed, b.failed].some((list) => Array.isArray(list) && list.includes("is_action_match"));
}

/**
 * From a stored `judge_result.json` (its fields read by `judgeFields`, the one reader), its scenario's
 * `metrics.json` and reference answer; `null` when the judge file holds no `judge_input.user_content`
 * (an older harness, or no judge): unknown, not "saw nothing".
 */
export function judgeSeen(judge: unknown, metrics: Record<string, unknown> | null, reference: unknown): JudgeSeen | null {
  const fields = judgeFields(judge);
  const content = fields?.input?.user_content;
  if (typeof content !== "string") return null;
  const s = judgeSections(content);
  const nlJudged = fields!.verdicts.length > 0;
  const actionBased = listsActions(reference) || gatesOnActions(metrics);
  return { sections: s.sections, flags: evidenceFlags(s, { nlJudged, actionBased }), problems: s.problems };
}

/** A run's judges, counted (issue 45): how many judged scenarios were read, and how many lacked each section or rested on missing evidence. */
export interface JudgeSectionCounts {
  /** Scenarios whose judge input was read and recorded. */
  judged: number;
  /** Scenarios with a judge file whose input is not recorded (an older harness). */
  unrecorded: number;
  without: Record<JudgeSection, number>;
  flagged: Record<EvidenceFlag, number>;
  /** Scenarios whose judge input had unbalanced or repeated tags. */
  malformed: number;
}

export function countJudgeSections(seen: ReadonlyArray<JudgeSeen | null>): JudgeSectionCounts {
  const without = Object.fromEntries(JUDGE_SECTIONS.map((s) => [s, 0])) as Record<JudgeSection, number>;
  const flagged = Object.fromEntries(Object.keys(EVIDENCE_FLAG_TEXT).map((f) => [f, 0])) as Record<EvidenceFlag, number>;
  let judged = 0;
  let unrecorded = 0;
  let malformed = 0;
  for (const s of seen) {
    if (!s) {
      unrecorded++;
      continue;
    }
    judged++;
    if (s.problems.length) malformed++;
    for (const name of JUDGE_SECTIONS) if (!s.sections[name].seen) without[name]++;
    for (const f of s.flags) flagged[f]++;
  }
  return { judged, unrecorded, without, flagged, malformed };
}

/** Sections some of one run's judges saw and none of the other's: judges that saw different evidence. */
export function differingSections(a: JudgeSectionCounts, b: JudgeSectionCounts): Array<{ section: JudgeSection; base: number; other: number }> {
  if (a.judged === 0 || b.judged === 0) return [];
  const out: Array<{ section: JudgeSection; base: number; other: number }> = [];
  for (const section of JUDGE_SECTIONS) {
    const x = a.judged - a.without[section];
    const y = b.judged - b.without[section];
    if ((x === 0) !== (y === 0)) out.push({ section, base: x, other: y });
  }
  return out;
}
