"use client";

/**
 * The scenario × run strip (newest run right). The server sends one character per cell; the cells,
 * each a link to that scenario in that run, are drawn in the browser, so a page of 100 rows × 100 runs
 * stays a few kilobytes of HTML.
 */
import { useSyncExternalStore } from "react";
import type { StripRow } from "@/lib/shared/trends";

const CELL: Record<string, { cls: string; word: string }> = {
  P: { cls: "bg-emerald-500", word: "passed" },
  F: { cls: "bg-red-600", word: "failed" },
  S: { cls: "bg-orange-500", word: "stalled" },
  N: { cls: "bg-zinc-400", word: "not applicable" },
  "-": { cls: "bg-transparent ring-1 ring-inset ring-zinc-300 dark:ring-zinc-700", word: "absent" },
};

/** The scenario's name stays in view while the strip scrolls sideways in its box. */
const pinned = "sticky left-0 z-[1] bg-white dark:bg-zinc-900";
/** One run's cell: a target of 16×24 px. */
const slot = "flex h-6 w-4 shrink-0 items-center justify-center rounded-sm";

const noSubscribe = () => () => {};

function href(run: string, name: string) {
  return `/runs/${encodeURIComponent(run)}/scenarios/${encodeURIComponent(name)}`;
}

export function TrendStrip({ runs, rows, baseline }: { runs: string[]; rows: StripRow[]; baseline: string | null }) {
  // false while server-rendering and hydrating, true in the browser after that.
  const mounted = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const baseAt = baseline ? runs.indexOf(baseline) : -1;
  return (
    <div className="relative overflow-x-auto">
      <table className="text-xs [&_tbody_td]:border-t [&_tbody_td]:border-zinc-100 [&_td]:px-1 dark:[&_tbody_td]:border-zinc-800" data-testid="trend-strip">
        <thead>
          <tr className="text-left text-zinc-600 dark:text-zinc-400">
            <th className={`${pinned} pr-2 font-medium`}>Scenario</th>
            <th className="pl-2 font-medium">Runs (oldest → newest)</th>
            <th className="px-1 font-medium">First failed in</th>
            <th className="px-1 font-medium">Flips</th>
            <th className="px-1 font-medium">Streak</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} data-scenario={r.name}>
              <td className={`${pinned} max-w-[9rem] font-mono break-all sm:max-w-[22rem]`} title={r.name}>
                {r.name}
              </td>
              <td>
                {mounted ? (
                  <span className="flex">
                    {[...r.cells].map((c, i) => {
                      const cell = CELL[c] ?? CELL["-"]!;
                      const label = `${r.name} in ${runs[i]}: ${cell.word}`;
                      // Each target is the whole 16×24 px slot, touching its neighbours (no gap to miss in);
                      // the colour is drawn inside it.
                      const mark = <span className={`block h-4 w-3 rounded-[2px] ${cell.cls}`} />;
                      return c === "-" ? (
                        <span key={i} className={slot} title={label} data-cell={c}>
                          {mark}
                        </span>
                      ) : (
                        <a
                          key={i}
                          href={href(runs[i]!, r.name)}
                          className={`${slot} hover:bg-zinc-200 dark:hover:bg-zinc-700 ${i === baseAt ? "outline outline-1 -outline-offset-1 outline-amber-500" : ""}`}
                          title={label}
                          aria-label={label}
                          data-cell={c}
                          data-run={runs[i]}
                        >
                          {mark}
                        </a>
                      );
                    })}
                  </span>
                ) : (
                  <span className="font-mono text-zinc-400">{r.cells}</span>
                )}
              </td>
              <td className="font-mono whitespace-nowrap" data-testid="first-failed">
                {r.firstFailed === null ? "–" : runs[r.firstFailed]}
              </td>
              <td className="text-right">{r.flips}</td>
              <td className="text-right">{r.streak}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
