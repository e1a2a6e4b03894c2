"use client";

import { useId } from "react";

/** A labelled drop-down of fixed choices (a scope, a domain, a suite): the label names it for screen readers and tests. */
export interface Choice {
  value: string;
  label: string;
}

export function ChoiceSelect({
  label,
  value,
  choices,
  onChange,
  id,
  stacked = false,
}: {
  label: string;
  value: string;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  id?: string;
  /** The label above the box (a toolbar of small fields) rather than beside it. */
  stacked?: boolean;
}) {
  // The label names the box by `for`, not by wrapping it: a wrapped select's name would take in its chosen option's text.
  const own = useId();
  const boxId = id ?? own;
  return (
    <span className={`max-w-full min-w-0 ${stacked ? "text-xs" : "flex items-center gap-2 text-sm"}`}>
      <label htmlFor={boxId} className={`${stacked ? "block " : ""}text-zinc-600 dark:text-zinc-400`}>
        {label}
      </label>
      <select
        id={boxId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="max-w-full min-w-0 rounded-md border border-zinc-300 bg-white px-2 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      >
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </span>
  );
}
