import type { Figure } from "@/lib/shared/timing";
import { figureText } from "./fmt";

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
