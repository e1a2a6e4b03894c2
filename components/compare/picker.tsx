"use client";

/**
 * Picks the baseline and the other runs. A plain GET form (works without scripts; `runs` may then
 * repeat); with scripts it navigates to the canonical `/compare?base=…&runs=a,b` URL.
 */
import { useRouter } from "next/navigation";
import { useId, useMemo, useState, type FormEvent } from "react";
import { compareHref } from "./labels";
import { primaryButtonClass } from "./ui";
import type { PickerRun } from "@/lib/shared/compare";

export function ComparePicker({ runs, base, others, open }: { runs: PickerRun[]; base: string | null; others: string[]; open: boolean }) {
  const router = useRouter();
  const [baseId, setBaseId] = useState(base ?? "");
  const [picked, setPicked] = useState<string[]>(others);
  const [filter, setFilter] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const shown = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return f ? runs.filter((r) => r.id.toLowerCase().includes(f)) : runs;
  }, [runs, filter]);

  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x !== id), id] : p.filter((x) => x !== id)));

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const chosen = picked.filter((id) => id !== baseId);
    if (!baseId) return setError("Pick a baseline run.");
    if (chosen.length === 0) return setError("Pick at least one other run to compare with the baseline.");
    setError(null);
    router.push(compareHref(baseId, chosen));
  };

  return (
    <details open={open} className="rounded-lg border border-zinc-200 bg-white p-4 shadow-xs dark:border-zinc-800 dark:bg-zinc-900">
      <summary className="cursor-pointer text-sm font-semibold select-none">{open ? "Pick runs to compare" : "Change the runs compared"}</summary>
      <form
        method="get"
        action="/compare"
        onSubmit={submit}
        className="mt-3 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]"
        aria-describedby={error ? `${ids}-error` : undefined}
      >
        <div className="space-y-1">
          <label htmlFor={`${ids}-base`} className="block text-sm font-medium">
            Baseline
          </label>
          <select
            id={`${ids}-base`}
            name="base"
            value={baseId}
            onChange={(e) => setBaseId(e.target.value)}
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 font-mono text-sm dark:border-zinc-700 dark:bg-zinc-950"
          >
            <option value="">Choose a run…</option>
            {runs.map((r) => (
              <option key={r.id} value={r.id}>
                {r.id}
              </option>
            ))}
          </select>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">Deltas read “other − baseline”.</p>
        </div>
        <fieldset className="min-w-0 space-y-1">
          <legend className="text-sm font-medium">Compare with</legend>
          <input
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder="Filter runs…"
            aria-label="Filter the run list"
            className="w-full rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
          />
          <ul className="relative max-h-56 space-y-0.5 overflow-auto rounded-md border border-zinc-200 p-1 dark:border-zinc-800">
            {shown.map((r) => {
              const isBase = r.id === baseId;
              return (
                <li key={r.id}>
                  <label
                    className={`flex items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800 ${isBase ? "opacity-50" : ""}`}
                  >
                    <input
                      type="checkbox"
                      name="runs"
                      value={r.id}
                      checked={!isBase && picked.includes(r.id)}
                      disabled={isBase}
                      onChange={(e) => toggle(r.id, e.target.checked)}
                    />
                    <span className="min-w-0 flex-1 truncate font-mono" title={r.id}>
                      {r.id}
                    </span>
                    <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                      {r.scenarioCount} scenarios · {r.state}
                      {isBase ? " · baseline" : ""}
                    </span>
                  </label>
                </li>
              );
            })}
            {shown.length === 0 && <li className="px-1.5 py-1 text-sm text-zinc-600 dark:text-zinc-400">No run matches.</li>}
          </ul>
        </fieldset>
        <div className="flex flex-wrap items-center gap-3 md:col-span-2">
          <button type="submit" className={primaryButtonClass}>
            Compare
          </button>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            {picked.filter((id) => id !== baseId).length} run(s) picked · with three or more runs in total the verdict matrix appears
          </span>
          {error && (
            <span id={`${ids}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </span>
          )}
        </div>
      </form>
    </details>
  );
}
