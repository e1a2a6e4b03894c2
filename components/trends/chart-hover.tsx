"use client";

/**
 * A trend chart's points, readable: hovering (or focusing the chart and moving with ← →) shows the
 * nearest run, its date, the value with its n and 95% interval; a click opens that run, and the
 * tooltip links to it and to the compare with the run before it. One tab stop per chart; drawn only
 * in the browser, so a page of many charts carries no per-point markup.
 */
import { useRouter } from "next/navigation";
import { useState, type KeyboardEvent, type MouseEvent } from "react";
import { compareHref, runHref } from "@/lib/shared/routes";
import { FINE, type FormatKind } from "./formats";
import { useTrendRuns } from "./trend-runs-context";

export interface HoverPoint {
  v: number | null;
  lo?: number | null;
  hi?: number | null;
  k?: number;
  n?: number;
}

export interface ChartGeometry {
  width: number;
  padLeft: number;
  padRight: number;
}

const when = (iso: string | null) => (iso ? iso.slice(0, 16).replace("T", " ") : "start unknown");

export function ChartHover({ title, points, kind, geometry }: { title: string; points: readonly HoverPoint[]; kind: FormatKind; geometry: ChartGeometry }) {
  const runs = useTrendRuns();
  const router = useRouter();
  const [active, setActive] = useState<number | null>(null);
  const n = points.length;
  const { width: W, padLeft: L, padRight: R } = geometry;
  const xFrac = (i: number) => (L + (n <= 1 ? (W - L - R) / 2 : (i * (W - L - R)) / (n - 1))) / W;
  const nearest = (fraction: number) => {
    if (n <= 1) return 0;
    const i = Math.round(((fraction * W - L) * (n - 1)) / (W - L - R));
    return Math.max(0, Math.min(n - 1, i));
  };
  const withValue = (from: number, step: number) => {
    for (let i = from; i >= 0 && i < n; i += step) if (points[i]?.v !== null && points[i]?.v !== undefined) return i;
    return null;
  };
  const onMove = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as HTMLElement).closest("[role=tooltip]")) return;
    const box = e.currentTarget.getBoundingClientRect();
    setActive(nearest((e.clientX - box.left) / box.width));
  };
  const open = (i: number | null) => {
    const run = i === null ? undefined : runs[i];
    if (run) router.push(runHref(run.id));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      e.preventDefault();
      const step = e.key === "ArrowRight" ? 1 : -1;
      setActive((a) => withValue(a === null ? (step > 0 ? 0 : n - 1) : a + step, step) ?? a);
    } else if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      setActive(e.key === "Home" ? withValue(0, 1) : withValue(n - 1, -1));
    } else if (e.key === "Enter") open(active);
    else if (e.key === "Escape") setActive(null);
  };
  const p = active === null ? null : points[active];
  const run = active === null ? null : runs[active];
  const left = active === null ? 0 : xFrac(active) * 100;
  const fmt = FINE[kind];
  return (
    <div
      className="absolute inset-0 cursor-pointer rounded outline-none focus-visible:ring-2 focus-visible:ring-sky-500"
      tabIndex={0}
      role="group"
      aria-label={`${title}: points by run; ← → move between runs, Enter opens the run`}
      data-testid="chart-hover"
      onMouseMove={onMove}
      onMouseLeave={() => setActive(null)}
      onFocus={() => setActive((a) => a ?? withValue(n - 1, -1))}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setActive(null);
      }}
      onKeyDown={onKey}
      onClick={(e) => {
        if ((e.target as HTMLElement).closest("a")) return;
        open(active);
      }}
    >
      {active !== null && run && (
        <>
          <span aria-hidden="true" className="pointer-events-none absolute top-0 bottom-0 w-px bg-zinc-500/60" style={{ left: `${left}%` }} />
          <div
            role="tooltip"
            data-testid="chart-tooltip"
            className="absolute top-1 z-20 w-max max-w-[16rem] cursor-auto rounded-md border border-zinc-300 bg-white/95 px-2 py-1 text-[11px] leading-snug shadow-md dark:border-zinc-700 dark:bg-zinc-900/95"
            style={left > 55 ? { right: `${100 - left + 1}%` } : { left: `${left + 1}%` }}
          >
            <div className="font-mono break-all">{run.id}</div>
            <div className="text-zinc-600 dark:text-zinc-400">{when(run.startedAt)}</div>
            <div className="tabular-nums" data-testid="chart-tooltip-value">
              {p?.v === null || p?.v === undefined ? (
                "no value"
              ) : (
                <>
                  <span className="font-semibold">{fmt(p.v)}</span>
                  {p.n !== undefined && p.n > 0 && kind === "pct" && ` (${p.k ?? 0}/${p.n})`}
                  {p.n !== undefined && p.n > 0 && kind !== "pct" && ` (n = ${p.n})`}
                  {typeof p.lo === "number" && typeof p.hi === "number" && ` · 95% CI ${fmt(p.lo)}–${fmt(p.hi)}`}
                </>
              )}
            </div>
            <div className="mt-0.5 flex gap-2">
              <a href={runHref(run.id)} className="text-sky-700 hover:underline dark:text-sky-400">
                Open run
              </a>
              {run.previous && (
                <a href={compareHref(run.previous, [run.id])} className="text-sky-700 hover:underline dark:text-sky-400">
                  vs previous
                </a>
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
