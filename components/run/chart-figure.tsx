import type { ReactNode } from "react";

/**
 * A chart with its caption and, for screen readers and for anyone who wants the numbers, the same
 * data as a table in a <details> below it.
 */
export function ChartFigure({ id, caption, children, data, note }: { id: string; caption: ReactNode; children: ReactNode; data: ReactNode; note?: ReactNode }) {
  return (
    <figure aria-labelledby={`${id}-caption`} className="min-w-0">
      <figcaption id={`${id}-caption`} className="mb-1 text-sm font-medium">
        {caption}
      </figcaption>
      {note && <div className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">{note}</div>}
      {children}
      <details className="mt-1 text-xs">
        <summary className="cursor-pointer text-zinc-600 select-none hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100">Show the numbers</summary>
        <div className="relative mt-1 overflow-x-auto">{data}</div>
      </details>
    </figure>
  );
}

export const dataTable =
  "min-w-full border-collapse text-xs [&_td]:border-t [&_td]:border-zinc-200 [&_td]:px-2 [&_td]:py-1 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left [&_th]:font-semibold dark:[&_td]:border-zinc-800";
