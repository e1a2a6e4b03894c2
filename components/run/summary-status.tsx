import { Badge, type Tone } from "@/components/ui/badge";
import type { RunDetail } from "@/lib/shared/dto";
import { SummaryText } from "./summary-text";

const STATUS: Record<RunDetail["onDiskSummary"], { tone: Tone; label: string; text: string }> = {
  matches: { tone: "good", label: "matches", text: "The all_summary.txt on disk is byte for byte the one recomputed from the scenario files." },
  differs: { tone: "bad", label: "differs", text: "The all_summary.txt on disk differs from the one recomputed from the scenario files." },
  stale: { tone: "warn", label: "stale", text: "The run has not finished, so the all_summary.txt on disk (from an earlier session) is out of date." },
  absent: { tone: "neutral", label: "absent", text: "There is no all_summary.txt on disk; the harness writes it when a run finishes." },
};

export function SummaryStatus({ status, href, partial }: { status: RunDetail["onDiskSummary"]; href: string; partial: boolean }) {
  const s = STATUS[status];
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span>On-disk all_summary.txt:</span>
        <span data-testid="summary-status">
          <Badge tone={s.tone}>{s.label}</Badge>
        </span>
      </p>
      <p className="text-zinc-600 dark:text-zinc-400">{s.text}</p>
      {partial && <p className="text-xs text-zinc-600 dark:text-zinc-400">The recomputed summary is partial: it covers the scenarios finished so far.</p>}
      <SummaryText href={href} />
    </div>
  );
}
