/**
 * The scenario page's collapsible box (`<details>`) and its preformatted text, shared by the server
 * rendered context lists and the client's raw file views.
 */
import type { ReactNode, SyntheticEvent } from "react";

export function Collapsed({
  id,
  title,
  children,
  testId,
  onToggle,
}: {
  id?: string;
  title: ReactNode;
  children: ReactNode;
  testId?: string;
  onToggle?: (e: SyntheticEvent<HTMLDetailsElement>) => void;
}) {
  return (
    <details
      id={id}
      className="scroll-mt-4 rounded-md border border-zinc-200 target:ring-2 target:ring-amber-400 dark:border-zinc-800"
      data-testid={testId}
      onToggle={onToggle}
    >
      <summary className="cursor-pointer px-3 py-1.5 text-sm font-medium">{title}</summary>
      <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">{children}</div>
    </details>
  );
}

export function Pre({ children }: { children: ReactNode }) {
  return (
    <pre className="max-h-[32rem] overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap break-words dark:bg-zinc-950">{children}</pre>
  );
}
