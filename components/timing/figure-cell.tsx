import { decimal, percent, seconds } from "@/components/format";
import type { Figure } from "@/lib/shared/timing";

/** A figure with the count it rests on, or N/A with its reason. */
export function figureText(f: Figure, kind: "s" | "pct" | "n" = "n"): string {
  if (f.value === null) return `N/A (${f.na ?? "not computable"})`;
  const v = kind === "s" ? seconds(f.value) : kind === "pct" ? percent(f.value, 1) : decimal(f.value, 3);
  return `${v} · n=${f.n}`;
}

/** A figure, with a low-n badge when it rests on fewer than 10 events. */
export function FigureCell({ f, kind = "n" }: { f: Figure; kind?: "s" | "pct" | "n" }) {
  return (
    <span data-na={f.value === null ? "true" : undefined}>
      <span className={f.value === null ? "text-zinc-500" : "tabular-nums"}>{figureText(f, kind)}</span>
      {f.low_n && (
        <span
          className="ml-1 rounded bg-amber-100 px-1 text-[10px] font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          title="fewer than 10 events"
          data-testid="low-n"
        >
          low-n
        </span>
      )}
    </span>
  );
}
