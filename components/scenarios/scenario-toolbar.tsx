"use client";

/** Filters of the scenario table. Every control writes to the URL; nothing is kept only here. */
import { useEffect, useId, useRef, useState } from "react";
import { BUCKET_LABELS, SIGNAL_LABELS } from "@/components/run/rate-meta";
import type { ViewUpdate } from "./query-url";
import { listParam, QUICK } from "./view-params";

const input = "rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950";
const chip = "rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset transition-colors";
const chipOff = "bg-white text-zinc-700 ring-zinc-300 hover:bg-zinc-100 dark:bg-zinc-900 dark:text-zinc-300 dark:ring-zinc-700 dark:hover:bg-zinc-800";
const chipOn = "bg-zinc-900 text-white ring-zinc-900 dark:bg-zinc-100 dark:text-zinc-900 dark:ring-zinc-100";

/**
 * A text field backed by a URL parameter: typing is local and debounced; a change of the URL
 * from elsewhere (Clear, back button) replaces the text unless it is the value we just sent.
 */
function useUrlText(urlValue: string, commit: (v: string) => void, delayMs: number) {
  const [text, setText] = useState(urlValue);
  const [seen, setSeen] = useState(urlValue);
  const [sent, setSent] = useState(urlValue);
  if (urlValue !== seen) {
    setSeen(urlValue);
    if (urlValue !== sent) {
      setText(urlValue);
      setSent(urlValue);
    }
  }
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => {
    if (text === sent) return;
    const t = setTimeout(() => {
      setSent(text);
      commitRef.current(text);
    }, delayMs);
    return () => clearTimeout(t);
  }, [text, sent, delayMs]);
  return [text, setText] as const;
}

export interface ToolbarProps {
  view: URLSearchParams;
  update: (changes: ViewUpdate) => void;
  latest: () => URLSearchParams;
  domains: string[];
  signals: string[];
}

export function ScenarioToolbar({ view, update, latest, domains, signals }: ToolbarProps) {
  const ids = { q: useId(), signal: useId(), judge: useId(), latency: useId() };
  const quick = listParam(view, "quick");
  const domain = listParam(view, "domain");
  const bucket = view.get("bucket");
  const [q, setQ] = useUrlText(view.get("q") ?? "", (v) => update({ q: v }), 300);

  const toggleList = (key: "quick" | "domain", value: string) => {
    const list = listParam(latest(), key);
    const nextList = list.includes(value) ? list.filter((x) => x !== value) : [...list, value];
    update({ [key]: nextList.join(",") });
  };
  const anyFilter = ["q", "quick", "domain", "signal", "bucket", "judgeMin", "judgeMax", "latencyMin", "latencyMax", "names"].some((k) => view.has(k));
  // At phone width the domain, signal and range filters fold behind one button (the table starts on the first screen), unless one is set.
  const moreSet = ["domain", "signal", "bucket", "judgeMin", "judgeMax", "latencyMin", "latencyMax", "names"].some((k) => view.has(k));
  const [moreOpen, setMoreOpen] = useState(false);

  return (
    <div className="space-y-2" role="search" aria-label="Filter scenarios">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={ids.q} className="sr-only">
          Search scenario names and judge reasons
        </label>
        <input
          id={ids.q}
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search names and judge reasons…"
          className={`${input} w-72 max-sm:w-full`}
          maxLength={500}
        />
        <div className="flex flex-wrap gap-1.5" role="group" aria-label="Quick filters">
          {QUICK.map(([key, label]) => {
            const on = quick.includes(key);
            return (
              <button key={key} type="button" aria-pressed={on} className={`${chip} ${on ? chipOn : chipOff}`} onClick={() => toggleList("quick", key)}>
                {label}
              </button>
            );
          })}
        </div>
        {!moreSet && (
          <button
            type="button"
            aria-expanded={moreOpen}
            className="text-xs text-sky-700 underline sm:hidden dark:text-sky-400"
            onClick={() => setMoreOpen((o) => !o)}
            data-testid="more-filters"
          >
            {moreOpen ? "Fewer filters" : "More filters"}
          </button>
        )}
        {anyFilter && (
          <button
            type="button"
            className="text-xs text-zinc-600 underline hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-zinc-100"
            onClick={() =>
              update({
                q: null,
                quick: null,
                domain: null,
                signal: null,
                bucket: null,
                judgeMin: null,
                judgeMax: null,
                latencyMin: null,
                latencyMax: null,
                names: null,
              })
            }
          >
            Clear filters
          </button>
        )}
      </div>
      <div className={`flex flex-wrap items-center gap-x-4 gap-y-2 text-sm ${moreSet || moreOpen ? "" : "max-sm:hidden"}`}>
        {domains.length > 1 && (
          <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Domains">
            <span className="text-xs text-zinc-600 dark:text-zinc-400">Domain</span>
            {domains.map((d) => {
              const on = domain.includes(d);
              return (
                <button
                  key={d}
                  type="button"
                  aria-pressed={on}
                  className={`${chip} font-mono ${on ? chipOn : chipOff}`}
                  onClick={() => toggleList("domain", d)}
                >
                  {d}
                </button>
              );
            })}
          </div>
        )}
        {signals.length > 0 && (
          <div className="flex items-center gap-1.5">
            <label htmlFor={ids.signal} className="text-xs text-zinc-600 dark:text-zinc-400">
              Failing signal
            </label>
            <select id={ids.signal} className={input} value={view.get("signal") ?? ""} onChange={(e) => update({ signal: e.target.value })}>
              <option value="">any</option>
              {signals.map((s) => (
                <option key={s} value={s}>
                  {SIGNAL_LABELS[s] ?? s}
                </option>
              ))}
            </select>
          </div>
        )}
        <RangeFilter id={ids.judge} label="Judge score" minKey="judgeMin" maxKey="judgeMax" step="0.05" view={view} update={update} />
        <RangeFilter id={ids.latency} label="Latency p50 (ms)" minKey="latencyMin" maxKey="latencyMax" step="50" view={view} update={update} />
        {view.get("names") && (
          <span className={`${chip} ${chipOn} inline-flex items-center gap-1`} data-testid="names-filter">
            Only {(view.get("names") ?? "").split(",").filter(Boolean).length} listed scenario(s)
            <button
              type="button"
              aria-label="Remove the listed-scenarios filter"
              className="ml-0.5 rounded-full px-1 hover:bg-zinc-700 dark:hover:bg-zinc-300"
              onClick={() => update({ names: null })}
            >
              ×
            </button>
          </span>
        )}
        {bucket && (
          <span className={`${chip} ${chipOn} inline-flex items-center gap-1`} data-testid="bucket-filter">
            {(() => {
              const [signal = "", state = ""] = bucket.split(":");
              return `${SIGNAL_LABELS[signal] ?? signal}: ${BUCKET_LABELS[state as keyof typeof BUCKET_LABELS] ?? state}`;
            })()}
            <button
              type="button"
              aria-label="Remove the signal bucket filter"
              className="ml-0.5 rounded-full px-1 hover:bg-zinc-700 dark:hover:bg-zinc-300"
              onClick={() => update({ bucket: null })}
            >
              ×
            </button>
          </span>
        )}
      </div>
    </div>
  );
}

function RangeFilter({
  id,
  label,
  minKey,
  maxKey,
  step,
  view,
  update,
}: {
  id: string;
  label: string;
  minKey: string;
  maxKey: string;
  step: string;
  view: URLSearchParams;
  update: (c: ViewUpdate) => void;
}) {
  const [min, setMin] = useUrlText(view.get(minKey) ?? "", (v) => update({ [minKey]: valid(v) }), 500);
  const [max, setMax] = useUrlText(view.get(maxKey) ?? "", (v) => update({ [maxKey]: valid(v) }), 500);
  return (
    <fieldset className="flex items-center gap-1.5">
      <legend className="float-left mr-1.5 text-xs text-zinc-600 dark:text-zinc-400">{label}</legend>
      <label htmlFor={`${id}-min`} className="sr-only">
        {label} at least
      </label>
      <input
        id={`${id}-min`}
        type="number"
        inputMode="decimal"
        step={step}
        placeholder="min"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        className={`${input} w-20`}
      />
      <span aria-hidden="true" className="text-zinc-500">
        –
      </span>
      <label htmlFor={`${id}-max`} className="sr-only">
        {label} at most
      </label>
      <input
        id={`${id}-max`}
        type="number"
        inputMode="decimal"
        step={step}
        placeholder="max"
        value={max}
        onChange={(e) => setMax(e.target.value)}
        className={`${input} w-20`}
      />
    </fieldset>
  );
}

function valid(v: string): string | null {
  const t = v.trim();
  return t !== "" && Number.isFinite(Number(t)) ? t : null;
}
