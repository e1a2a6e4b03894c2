/**
 * A plain table of rows the caller renders: the header from a column list, scrolling sideways when
 * narrow. A table whose cells are figures is the table kit's `Table` in this look (`PLAIN`, table-kit.tsx);
 * tables that sort, filter or virtualise (the scenario tables) keep their own markup.
 */
import type { ReactNode } from "react";
import { PINNED_FIRST } from "./table-kit";

export interface Column {
  label: ReactNode;
  align?: "left" | "right";
  /** A hover hint on the header. */
  title?: string;
}

/** `dense`: small text for a table inside a panel of details (the scenario page's checks). */
export function DataTable({
  columns,
  children,
  label,
  testId,
  className = "",
  dense = false,
}: {
  columns: readonly Column[];
  children: ReactNode;
  label?: string;
  testId?: string;
  className?: string;
  dense?: boolean;
}) {
  return (
    // `relative`: screen-reader-only text in a cell (absolutely placed) stays inside the scrolling box.
    <div className="relative overflow-x-auto">
      <table className={`${PINNED_FIRST} w-full border-collapse ${dense ? "text-xs" : "text-sm"} ${className}`} aria-label={label} data-testid={testId}>
        <thead>
          <tr className={dense ? "" : "border-b border-zinc-200 dark:border-zinc-800"}>
            {columns.map((c, i) => (
              <th
                key={i}
                scope="col"
                title={c.title}
                className={`${dense ? "py-1 pr-2 font-medium" : "px-2 py-1 text-xs font-semibold"} text-zinc-600 dark:text-zinc-400 ${c.align === "right" ? "text-right" : "text-left"}`}
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 align-top dark:divide-zinc-800">{children}</tbody>
      </table>
    </div>
  );
}
