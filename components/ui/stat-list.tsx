/** Figures with their labels, side by side: a small label over a tabular value. */
import type { ReactNode } from "react";

export interface Stat {
  label: ReactNode;
  value: ReactNode;
  title?: string;
}

export function StatList({ stats, className = "grid grid-cols-3 gap-3" }: { stats: readonly Stat[]; className?: string }) {
  return (
    <dl className={`${className} text-sm`}>
      {stats.map((s, i) => (
        <div key={i} title={s.title}>
          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{s.label}</dt>
          <dd className="font-medium tabular-nums">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
