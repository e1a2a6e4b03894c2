/** Small building blocks of the compare pages (server and client safe: no hooks). */
import { count } from "@/components/format";
import type { ReactNode } from "react";
import { CHANGE_LABEL, CHANGE_TONE, TONE_TEXT, type Tone } from "./labels";
import type { Change, CountedVerdict } from "@/lib/shared/compare";

export function VerdictMark({ v, label }: { v: CountedVerdict; label?: string }) {
  const what = label ? `${label}: ` : "";
  if (v === true)
    return (
      <span className="font-semibold text-emerald-700 dark:text-emerald-400" title={`${what}passed`}>
        ✓<span className="sr-only"> pass</span>
      </span>
    );
  if (v === false)
    return (
      <span className="font-semibold text-red-700 dark:text-red-400" title={`${what}failed`}>
        ✗<span className="sr-only"> fail</span>
      </span>
    );
  if (v === "N/A")
    return (
      <span className="text-zinc-600 dark:text-zinc-400" title={`${what}not applicable`}>
        N/A
      </span>
    );
  return (
    <span className="text-zinc-400 dark:text-zinc-500" title={`${what}absent`}>
      –<span className="sr-only"> absent</span>
    </span>
  );
}

export function ChangeBadge({ change }: { change: Change }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${CHANGE_TONE[change]}`}>
      {CHANGE_LABEL[change]}
    </span>
  );
}

export function Delta({ text, tone, title }: { text: string; tone: Tone; title?: string }) {
  return (
    <span className={`font-medium tabular-nums ${TONE_TEXT[tone]}`} title={title}>
      {text}
    </span>
  );
}

export function SmallSample({ n }: { n: string }) {
  return (
    <span
      className="ml-1 inline-flex items-center rounded bg-amber-100 px-1 text-[10px] font-semibold tracking-wide text-amber-900 uppercase dark:bg-amber-900/60 dark:text-amber-200"
      title={`small sample (${n}): read this delta with care`}
    >
      small n<span className="sr-only"> ({n})</span>
    </span>
  );
}

/** The per-cell small-sample mark (the "small n" badge itself is said once, in the heading). */
export function SmallMark({ n }: { n?: string }) {
  return (
    <span
      className="ml-1 font-semibold text-amber-700 dark:text-amber-400"
      title={n ? `small sample (${n}): read this delta with care` : "small sample"}
      data-small-mark="true"
    >
      ◆<span className="sr-only"> small sample{n ? ` (${n})` : ""}</span>
    </span>
  );
}

/** `wrap`: the whole id, broken where it must (a table's header on a phone), instead of cut to fit. */
export function RunId({ id, role, wrap = false }: { id: string; role?: "baseline" | "other"; wrap?: boolean }) {
  return (
    <span className={`inline-flex min-w-0 gap-1 ${wrap ? "flex-wrap items-baseline" : "items-center"}`}>
      {role && (
        <span
          className={`rounded px-1 text-[10px] font-semibold tracking-wide uppercase ${role === "baseline" ? "bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-200" : "bg-violet-100 text-violet-900 dark:bg-violet-900/60 dark:text-violet-200"}`}
        >
          {role === "baseline" ? "base" : "other"}
        </span>
      )}
      <span className={`${wrap ? "break-all" : "truncate"} font-mono`} title={id}>
        {id}
      </span>
    </span>
  );
}

/** A small data table of the compare pages, in `tableClass`: scrolls sideways when narrow, with a caption for screen readers. */
export function CompareTable({ testId, caption, head, children }: { testId?: string; caption: string; head?: readonly string[]; children: ReactNode }) {
  return (
    <div className="relative overflow-x-auto">
      <table className={tableClass} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        {head && (
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
        )}
        {head ? <tbody>{children}</tbody> : children}
      </table>
    </div>
  );
}

/** "Showing n of m" under a long list, with a button for the next step (if any) and one for all. */
export function ShowMore({ shown, total, onAll, more }: { shown: number; total: number; onAll: () => void; more?: { label: string; onClick: () => void } }) {
  if (total <= shown) return null;
  return (
    <div className="mt-2 flex items-center gap-3 text-sm">
      <span className="text-zinc-600 dark:text-zinc-400">
        Showing {count(shown)} of {count(total)}.
      </span>
      {more && (
        <button type="button" className={buttonClass} onClick={more.onClick}>
          {more.label}
        </button>
      )}
      <button type="button" className={buttonClass} onClick={onAll}>
        Show all
      </button>
    </div>
  );
}

/**
 * Utility classes for the small data tables of the page: the first column pinned while the table
 * scrolls sideways in its box, the cells tighter at phone width.
 */
export const tableClass =
  "[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>:first-child]:bg-white dark:[&_tr>:first-child]:bg-zinc-900 max-sm:[&_td]:px-1 max-sm:[&_th]:px-1 min-w-full border-collapse text-sm [&_td]:border-t [&_td]:border-zinc-200 [&_tbody_th]:border-t [&_tbody_th]:border-zinc-200 dark:[&_tbody_th]:border-zinc-800 [&_td]:px-2 [&_td]:py-1.5 [&_th]:px-2 [&_th]:py-1.5 [&_th:not(.text-right):not(.text-center)]:text-left [&_th]:font-semibold [&_thead_th]:text-xs [&_thead_th]:text-zinc-600 dark:[&_td]:border-zinc-800 dark:[&_thead_th]:text-zinc-400";

const buttonShape = "rounded-md border px-2.5 py-1 text-xs font-medium disabled:opacity-50";
export const buttonClass = `${buttonShape} border-zinc-300 bg-white hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800`;
/** A form's one action, in colour: never `buttonClass` with colours added (its `bg-white` won, and the white label was invisible). */
export const primaryButtonClass = `${buttonShape} border-sky-600 bg-sky-600 text-white hover:bg-sky-700 dark:border-sky-500 dark:bg-sky-600 dark:hover:bg-sky-500`;

export const linkClass = "text-sky-700 hover:underline dark:text-sky-400";
