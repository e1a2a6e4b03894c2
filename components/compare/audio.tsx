/** Compare: the recordings measured in each run, side by side (response gap on the audio, findings by kind). */
import { FINDING_HINT, FINDING_LABEL } from "@/components/audio/finding-labels";
import { group, ms } from "@/components/format";
import type { FindingKind } from "@/lib/core/audio/analyse";
import { interactionRows } from "@/lib/core/audio/interaction";
import { FACTS_HINT, INTERACTION_HINT } from "@/components/audio/interaction-panel";
import { deadAirRows, latencySplitRows } from "@/lib/core/audio/interaction-facts";
import type { RunAudio } from "@/lib/shared/audio";
import { DataTable } from "@/components/ui/data-table";
import { Card } from "@/components/ui/card";

const td = "px-2 py-1 text-right tabular-nums";

function delta(a: number | null, b: number | null, unit = ""): string {
  if (a === null || b === null) return "–";
  const d = Math.round(b - a);
  return `${d > 0 ? "+" : d < 0 ? "−" : "±"}${group(Math.abs(d))}${unit}`;
}

/** The change in a panel figure: seconds to two decimals, rates in points, I_A to two decimals. */
function deltaOfPanel(key: string, a: number | null, b: number | null): string {
  if (a === null || b === null) return "–";
  const rate = key.endsWith("Rate") && !key.startsWith("interaction:agent");
  const d = rate ? Math.round((b - a) * 100) : Math.round((b - a) * 100) / 100;
  const sign = d > 0 ? "+" : d < 0 ? "−" : "±";
  return rate ? `${sign}${Math.abs(d)} pts` : `${sign}${Math.abs(d).toFixed(2)}${key.includes("Latency") ? " s" : ""}`;
}

/** Dead air and the latency split side by side: the figure's own text on each side, the change where both are numbers. */
function factRows(base: RunAudio, other: RunAudio) {
  if (!base.deadAir || !other.deadAir) return [];
  const a = [...deadAirRows(base.deadAir), ...latencySplitRows(base.responseLatencyByTurn)];
  const b = [...deadAirRows(other.deadAir), ...latencySplitRows(other.responseLatencyByTurn)];
  const values = (r: RunAudio) => [
    r.deadAir.totalSeconds,
    r.deadAir.fraction === null ? null : r.deadAir.fraction * 100,
    r.deadAir.maxGapSeconds,
    r.deadAir.longGaps,
    r.responseLatencyByTurn.tool.mean,
    r.responseLatencyByTurn.plain.mean,
  ];
  const va = values(base);
  const vb = values(other);
  const keys = ["deadAir:totalSeconds", "deadAir:fraction", "deadAir:maxGapSeconds", "deadAir:longGaps", "latency:tool", "latency:plain"];
  const units = [" s", " pts", " s", "", " s", " s"];
  return a.map((r, i) => ({
    key: keys[i]!,
    label: r.label,
    hint: FACTS_HINT,
    a: va[i] ?? null,
    b: vb[i] ?? null,
    fmt: () => "",
    text: [r.text, b[i]!.text] as [string, string],
    factUnit: units[i]!,
  }));
}

function deltaOfFact(unit: string, a: number | null, b: number | null): string {
  if (a === null || b === null) return "–";
  const d = Math.round((b - a) * 100) / 100;
  const sign = d > 0 ? "+" : d < 0 ? "−" : "±";
  return `${sign}${unit === "" ? Math.abs(d) : Math.abs(d).toFixed(unit === " pts" ? 1 : 2)}${unit}`;
}

export function AudioCompare({ base, other }: { base: RunAudio; other: RunAudio }) {
  if (base.recordings === 0 && other.recordings === 0) return null;
  const ia = interactionRows(base.interaction);
  const ib = interactionRows(other.interaction);
  const rows: Array<{
    key: string;
    label: string;
    hint?: string;
    a: number | null;
    b: number | null;
    fmt: (v: number | null) => string;
    unit?: string;
    text?: [string, string];
    factUnit?: string;
  }> = [
    { key: "recordings", label: "Recordings measured", a: base.recordings, b: other.recordings, fmt: (v) => (v === null ? "–" : group(v)) },
    { key: "p50", label: "Response gap on the audio, p50", a: base.audioP50, b: other.audioP50, fmt: (v) => ms(v), unit: " ms" },
    { key: "p95", label: "Response gap on the audio, p95", a: base.audioP95, b: other.audioP95, fmt: (v) => ms(v), unit: " ms" },
    // The τ-voice panel, side by side (a figure hidden below 10 events says so on its side).
    ...ia.map((r, i) => ({
      key: `interaction:${r.key}`,
      label: r.label,
      hint: INTERACTION_HINT,
      a: r.value,
      b: ib[i]!.value,
      fmt: () => "",
      text: [r.text, ib[i]!.text] as [string, string],
    })),
    // Dead air and the latency split (issue 57), as each side reads it ("N/A, because …" where it cannot be computed).
    ...factRows(base, other),
    ...(Object.keys(FINDING_LABEL) as FindingKind[]).map((k) => ({
      key: k,
      label: `Findings: ${FINDING_LABEL[k]}`,
      hint: FINDING_HINT[k],
      a: base.totals[k],
      b: other.totals[k],
      fmt: (v: number | null) => (v === null ? "–" : group(v)),
    })),
  ];
  return (
    <Card id="audio" title="Audio" description="Measured on each run's recordings (conversation_log.wav), not from the logs.">
      <DataTable
        testId="compare-audio"
        className="max-w-3xl"
        columns={[{ label: "Figure" }, { label: "Baseline", align: "right" }, { label: "Other", align: "right" }, { label: "Δ", align: "right" }]}
      >
        {rows.map((r) => (
          <tr key={r.key} data-audio-figure={r.key}>
            <td className="px-2 py-1" title={r.hint}>
              {r.label}
            </td>
            <td className={td}>{r.text ? r.text[0] : r.fmt(r.a)}</td>
            <td className={td}>{r.text ? r.text[1] : r.fmt(r.b)}</td>
            <td className={td}>
              {r.factUnit !== undefined ? deltaOfFact(r.factUnit, r.a, r.b) : r.text ? deltaOfPanel(r.key, r.a, r.b) : delta(r.a, r.b, r.unit)}
            </td>
          </tr>
        ))}
      </DataTable>
      {(base.truncated || other.truncated) && (
        <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">Large runs: the first scenarios of each (failures first) were measured.</p>
      )}
    </Card>
  );
}
