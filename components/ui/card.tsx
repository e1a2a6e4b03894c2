import type { ReactNode } from "react";

/**
 * The titled panel of every page. `id` makes the heading a link target and labels the section;
 * `description` is a line under the title. On a phone a card scrolls sideways rather than widening the page.
 */
export function Card({
  title,
  id,
  description,
  actions,
  testId,
  className = "",
  children,
}: {
  title?: ReactNode;
  id?: string;
  description?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const headingId = id && title ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={`min-w-0 rounded-lg border border-zinc-200 bg-white p-4 shadow-xs max-sm:relative max-sm:overflow-x-auto dark:border-zinc-800 dark:bg-zinc-900 ${className}`}
      data-testid={testId}
    >
      {(title || description || actions) && (
        // Beside a two-line title the actions stand at its top, beside a one-line title at its middle.
        <div className={`mb-3 flex flex-wrap justify-between gap-2 ${description ? "items-start" : "items-center"}`}>
          <div>
            {title && (
              <h2 id={headingId} className="text-base font-semibold tracking-tight">
                {title}
              </h2>
            )}
            {description && <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
