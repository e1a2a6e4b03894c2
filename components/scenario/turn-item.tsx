"use client";

import type { MouseEvent, ReactNode } from "react";
import { clock } from "./text";
import { useScenario } from "./interaction";

/**
 * One transcript turn. Clicking it (outside links, buttons and disclosure widgets, and not while
 * selecting text) seeks the audio to its start and plays. `data-highlighted` marks the turns the
 * selected NL verdict quotes; `data-playing` the turn under the playhead.
 */
export function TurnItem({
  index,
  start,
  role,
  className,
  children,
}: {
  index: number;
  start: number | null;
  role: "user" | "agent";
  className: string;
  children: ReactNode;
}) {
  const { highlighted, playing, hasAudio, seek } = useScenario();
  const onClick = (e: MouseEvent<HTMLLIElement>) => {
    if (!hasAudio || start === null) return;
    if ((e.target as Element).closest("a, button, summary, details, input, textarea")) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed && selection.toString().trim()) return;
    seek(start, true);
  };
  return (
    <li
      id={`turn-${index}`}
      data-turn={index}
      data-role={role}
      data-highlighted={highlighted.has(index) ? "true" : undefined}
      data-playing={playing === index ? "true" : undefined}
      onClick={onClick}
      className={`${className} ${hasAudio && start !== null ? "cursor-pointer" : ""}`}
    >
      {children}
    </li>
  );
}

/** The turn's start time; a play button when there is audio. */
export function SeekButton({ start, label }: { start: number; label: string }) {
  const { hasAudio, seek } = useScenario();
  if (!hasAudio) return <span className="font-mono tabular-nums">{clock(start)}</span>;
  return (
    <button
      type="button"
      onClick={() => seek(start, true)}
      // The export's page has no React: its one script seeks by this (components/export/document.tsx).
      data-seek={start}
      aria-label={`Play ${label} from ${clock(start)}`}
      title="Play from here"
      className="rounded px-1 font-mono tabular-nums text-sky-700 hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-sky-600 dark:text-sky-400 dark:hover:bg-sky-950"
    >
      ▶ {clock(start)}
    </button>
  );
}
