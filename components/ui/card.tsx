import type { ReactNode } from "react";

/** A titled panel. `id` makes the heading a link target and labels the section. */
export function Card({
  title,
  id,
  children,
  actions,
  className = "",
}: {
  title?: ReactNode;
  id?: string;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`min-w-0 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs max-sm:relative max-sm:overflow-x-auto dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
    >
      {(title || actions) && (
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          {title && (
            <h2 id={headingId} className="text-base font-semibold tracking-tight">
              {title}
            </h2>
          )}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
