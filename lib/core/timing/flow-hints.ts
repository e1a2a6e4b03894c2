/** Flow findings as "likely cause" hints with their owners (ARTIFACTS.md §7.12). */
import type { Hint } from "../insights/hints";
import type { FlowAudit, FlowKind } from "./flow";

const OWNER: Record<FlowKind, { owner: Hint["owner"]; secondary?: Hint["owner"] }> = {
  fabrication: { owner: "agent" },
  loop: { owner: "agent" },
  echo: { owner: "framework", secondary: "ASR" },
  "skipped-confirmation": { owner: "user-sim", secondary: "agent" },
};

const TITLE: Record<FlowKind, string> = {
  fabrication: "Fabricated action",
  loop: "Loop",
  echo: "Echo (role confusion)",
  "skipped-confirmation": "Skipped confirmation",
};

/** Stalled scenarios keep the stall as their cause: agent-owned flow hints are left out for them. */
export function flowHints(flow: FlowAudit, stalled: boolean): Hint[] {
  const out: Hint[] = [];
  flow.findings.forEach((f, i) => {
    const o = OWNER[f.kind];
    if (stalled && o.owner === "agent") return;
    const where = f.message !== null ? `message ${f.message}` : `turn ${f.turns.join(", ")}`;
    out.push({
      kind: f.kind,
      owner: o.owner,
      ...(o.secondary ? { secondary: o.secondary } : {}),
      message: `${TITLE[f.kind]} (${where}): ${f.detail}`,
      evidence: `flow-${i}`,
    });
  });
  return out;
}
