"use client";

import { api } from "@/components/api-client";
import { useState } from "react";

/**
 * The recomputed all_summary.txt, fetched only when opened: on a run of thousands of scenarios
 * the text is megabytes, far too much to ship with every page render.
 */
export function SummaryText({ href }: { href: string }) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setText(await api.summaryText(href));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <details
      className="text-sm"
      onToggle={(e) => {
        if ((e.currentTarget as HTMLDetailsElement).open) void load();
      }}
    >
      <summary className="cursor-pointer text-sky-700 select-none hover:underline dark:text-sky-400">Show the recomputed all_summary.txt</summary>
      <div className="mt-2">
        {error ? (
          <p role="alert" className="text-red-700 dark:text-red-400">
            Could not load the summary: {error}
          </p>
        ) : text === null ? (
          <p className="text-zinc-600 dark:text-zinc-400">Loading…</p>
        ) : (
          <pre
            className="max-h-[32rem] overflow-auto rounded-md bg-zinc-50 p-3 font-mono text-xs leading-relaxed whitespace-pre dark:bg-zinc-950"
            data-testid="summary-text"
          >
            {text}
          </pre>
        )}
        <a href={href} className="mt-1 inline-block text-xs text-sky-700 hover:underline dark:text-sky-400" target="_blank" rel="noreferrer">
          Open as plain text
        </a>
      </div>
    </details>
  );
}
