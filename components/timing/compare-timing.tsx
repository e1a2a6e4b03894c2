"use client";

/** The compare page's timing figures (issue #13): baseline and other run side by side, with deltas. */
import { Card } from "@/components/ui/card";
import type { Figure, RunTiming } from "@/lib/shared/timing";
import { num, Table, type Cell } from "@/components/ui/table-kit";
import { useRunTiming } from "./use-run-timing";

type Row = { label: string; base: number | null; other: number | null; digits?: number; pct?: boolean };

const fv = (f: Figure) => f.value;

function rows(a: RunTiming, b: RunTiming): Row[] {
  const out: Row[] = [];
  for (const side of ["agent", "user"] as const) {
    for (const k of ["mean", "p50", "p90", "p95", "max"] as const)
      out.push({ label: `${side} response latency ${k} (s)`, base: a.turns[side]?.[k] ?? null, other: b.turns[side]?.[k] ?? null });
  }
  const keys = [...new Set([...a.ttfb, ...b.ttfb].map((g) => `${g.side}\0${g.processor}`))].sort();
  for (const key of keys) {
    const [side, processor] = key.split("\0") as [string, string];
    const ga = a.ttfb.find((g) => g.side === side && g.processor === processor);
    const gb = b.ttfb.find((g) => g.side === side && g.processor === processor);
    out.push({ label: `${side} ${processor} TTFB mean (s)`, base: ga?.mean ?? null, other: gb?.mean ?? null, digits: 3 });
    out.push({ label: `${side} ${processor} TTFB p90 (s)`, base: ga?.p90 ?? null, other: gb?.p90 ?? null, digits: 3 });
  }
  for (const side of ["agent", "user"] as const) {
    out.push({ label: `${side} LLM calls per turn`, base: a.calls_per_turn[side].ratio, other: b.calls_per_turn[side].ratio });
    out.push({ label: `${side} tool-chain gap (s)`, base: a.calls_per_turn[side].gap_s, other: b.calls_per_turn[side].gap_s });
    out.push({
      label: `${side} prompt tokens per call (mean)`,
      base: a.tokens[side].prompt?.mean ?? null,
      other: b.tokens[side].prompt?.mean ?? null,
      digits: 0,
    });
  }
  out.push({ label: "response rate", base: fv(a.interaction.response_rate), other: fv(b.interaction.response_rate), pct: true });
  out.push({
    label: "agent interruptions per user turn",
    base: fv(a.interaction.agent_interruptions.per_user_turn),
    other: fv(b.interaction.agent_interruptions.per_user_turn),
    digits: 3,
  });
  out.push({
    label: "caller interruptions per user turn",
    base: fv(a.interaction.caller_interruptions.per_user_turn),
    other: fv(b.interaction.caller_interruptions.per_user_turn),
    digits: 3,
  });
  out.push({ label: "dead air fraction", base: fv(a.interaction.dead_air.fraction), other: fv(b.interaction.dead_air.fraction), pct: true });
  out.push({ label: "gaps over 3 s", base: a.interaction.dead_air.over_3s, other: b.interaction.dead_air.over_3s, digits: 0 });
  out.push({ label: "turns over 60 s", base: a.over_60s.length, other: b.over_60s.length, digits: 0 });
  out.push({ label: "run time (s, evaluation_log.txt)", base: a.run_time_s, other: b.run_time_s, digits: 0 });
  return out;
}

/** A side's value: a share as a percentage, else a number of the row's digits. */
function value(v: number | null, r: Row): Cell {
  return r.pct ? num.percent(v, 1) : num.decimal(v, r.digits ?? 2);
}

function delta(r: Row): Cell {
  const d = r.base !== null && r.other !== null ? r.other - r.base : null;
  return r.pct ? num.delta(d, "pp", { digits: 1 }) : num.delta(d, "decimal", { digits: r.digits ?? 2 });
}

export function CompareTiming({ baseId, otherId }: { baseId: string; otherId: string }) {
  const base = useRunTiming(baseId).timing;
  const other = useRunTiming(otherId).timing;
  return (
    <Card id="compare-timing" title="Latency by stage and turn-taking">
      {!base || !other ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Reading the logs…</p>
      ) : (
        <div className="space-y-2">
          {(base.pending > 0 || other.pending > 0) && (
            <p className="text-xs text-amber-800 dark:text-amber-300">
              Some scenarios are not read yet ({base.pending} + {other.pending}).
            </p>
          )}
          <Table
            testId="compare-timing"
            rows={rows(base, other)}
            rowKey={(r) => r.label}
            row={(r) => ({ "data-figure": r.label })}
            columns={[
              { head: "Figure", cell: (r) => r.label },
              { head: "Baseline", cell: (r) => value(r.base, r) },
              { head: "Other", cell: (r) => value(r.other, r) },
              { head: "Δ (other − baseline)", data: () => ({ "data-testid": "delta" }), cell: delta },
            ]}
          />
        </div>
      )}
    </Card>
  );
}
