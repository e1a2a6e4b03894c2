import Link from "next/link";

export const ANALYSES = [
  ["signals", "Signals"],
  ["latency", "Latency"],
  ["stages", "By stage & turn-taking"],
  ["domains", "Domains"],
  ["tokens", "Tokens & duration"],
  ["audio", "Audio"],
  ["triage", "Triage"],
  ["summary", "all_summary.txt"],
  ["history", "History"],
] as const;
export type Analysis = (typeof ANALYSES)[number][0];

export function analysisOf(value: string | string[] | undefined): Analysis | null {
  const v = Array.isArray(value) ? value[0] : value;
  return ANALYSES.find(([id]) => id === v)?.[0] ?? null;
}

/**
 * The run page's analyses as tabs under the scenario table. Each is a link that keeps the table's
 * view and sets `?tab=`, so an open analysis is a URL and only the open one is rendered.
 */
export function AnalysisTabs({ href, open, available }: { href: (tab: Analysis | null) => string; open: Analysis | null; available: ReadonlySet<Analysis> }) {
  return (
    <nav aria-label="Analyses" className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800" data-testid="analysis-tabs">
      {ANALYSES.filter(([id]) => available.has(id)).map(([id, label]) => {
        const active = id === open;
        return (
          <Link
            key={id}
            href={href(active ? null : id)}
            scroll={false}
            aria-current={active ? "page" : undefined}
            data-tab={id}
            className={`-mb-px rounded-t-md border px-3 py-1.5 text-sm ${active ? "border-zinc-200 border-b-white bg-white font-medium dark:border-zinc-800 dark:border-b-zinc-950 dark:bg-zinc-950" : "border-transparent text-sky-700 hover:bg-zinc-50 dark:text-sky-400 dark:hover:bg-zinc-900"}`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
