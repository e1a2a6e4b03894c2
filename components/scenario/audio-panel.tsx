"use client";

/**
 * The conversation audio (conversation_log.wav, left = user, right = agent) with the two speakers'
 * turns drawn as lanes under it, and a playhead. Without audio the lanes still show the timing.
 */
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { LaneMarks } from "@/components/timing/lane-marks";
import type { InteractionMarks } from "@/lib/shared/timing";
import { clock } from "./text";
import { revealTurn, useScenario } from "./interaction";
import { MeasuredLanes } from "./measured-lanes";
import { useStaticMode } from "@/components/ui/static-mode";

export interface LaneTurn {
  role: "user" | "agent";
  start: number;
  end: number;
}

/** The turn under `t`: the latest-starting turn that contains it. */
function turnAt(turns: readonly LaneTurn[], t: number): number | null {
  let found: number | null = null;
  turns.forEach((turn, i) => {
    if (turn.start <= t && t < Math.max(turn.end, turn.start + 0.05)) found = i;
  });
  return found;
}

export function AudioPanel({
  src,
  turns,
  initialTime,
  permalinkBase,
  marks,
}: {
  src: string;
  turns: LaneTurn[];
  initialTime: number | null;
  permalinkBase: string;
  marks?: InteractionMarks;
}) {
  const { registerAudio, seek, setPlaying, playing } = useScenario();
  const staticMode = useStaticMode();
  const ref = useRef<HTMLAudioElement | null>(null);
  const [time, setTime] = useState(initialTime ?? 0);
  const [duration, setDuration] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    registerAudio(ref.current);
    // The metadata may have loaded before hydration attached onLoadedMetadata.
    const el = ref.current;
    if (el && el.readyState >= 1 && Number.isFinite(el.duration)) setDuration(el.duration);
    if (initialTime !== null) {
      seek(initialTime, false);
      const at = turnAt(turns, initialTime);
      if (at !== null && !window.location.hash) revealTurn(at);
    }
    return () => registerAudio(null);
    // Once, on mount: `?t=` applies to the page load only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const update = () => {
    const el = ref.current;
    if (!el) return;
    setTime(el.currentTime);
    setPlaying(!el.paused || el.currentTime > 0 ? turnAt(turns, el.currentTime) : null);
  };

  const transcriptEnd = Math.max(0, ...turns.map((t) => t.end));
  const total = Math.max(duration ?? 0, transcriptEnd, 1);
  const linkTime = Math.floor(time * 10) / 10;
  const linkHash = playing !== null ? `#turn-${playing}` : "";
  const permalink = `?${permalinkBase ? `${permalinkBase}&` : ""}t=${linkTime}${linkHash}`;

  return (
    <div className="space-y-2" data-testid="audio-panel">
      {/* A recording of a synthetic call; the transcript below is its text. */}
      <audio
        ref={ref}
        src={src}
        controls
        preload="metadata"
        className="h-9 w-full"
        data-testid="audio"
        onTimeUpdate={update}
        onSeeked={update}
        onPause={update}
        onLoadedMetadata={(e) => setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : null)}
        onError={() => setFailed(true)}
      />
      {failed && <p className="text-sm text-amber-800 dark:text-amber-300">The audio could not be loaded.</p>}
      {duration !== null && duration + 0.5 < transcriptEnd && (
        <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="audio-short">
          The recording is {clock(duration)} long but the transcript runs to {clock(transcriptEnd)}: later turns cannot be played.
        </p>
      )}
      <Lanes turns={turns} total={total} time={time} onSeek={(t) => seek(t, true)} marks={marks} />
      {/* Measured by the server on demand: an export has no server to ask. */}
      {!staticMode && <MeasuredLanes href={src.replace(/\/audio$/, "/audio-analysis")} total={total} onSeek={(t) => seek(t, true)} />}
      <p className="flex flex-wrap justify-between gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="font-mono tabular-nums" data-testid="audio-time">
          {clock(time)} / {clock(total)}
        </span>
        {/* `?t=` is read by the live page only. */}
        {!staticMode && (
          <a href={permalink} className="text-sky-700 hover:underline dark:text-sky-400" data-testid="time-permalink">
            Link to {clock(linkTime)}
          </a>
        )}
      </p>
    </div>
  );
}

/** Static lanes for a scenario without audio: segments link to their turns. */
export function StaticLanes({ turns, marks }: { turns: LaneTurn[]; marks?: InteractionMarks }) {
  const total = Math.max(...turns.map((t) => t.end), 1);
  return <Lanes turns={turns} total={total} time={null} onSeek={null} marks={marks} />;
}

function Lanes({
  turns,
  total,
  time,
  onSeek,
  marks,
}: {
  turns: LaneTurn[];
  total: number;
  time: number | null;
  onSeek: ((t: number) => void) | null;
  marks?: InteractionMarks;
}) {
  const pct = (t: number) => `${Math.min(100, Math.max(0, (t / total) * 100))}%`;
  const click = (e: MouseEvent<HTMLDivElement>) => {
    if (!onSeek) return;
    const box = e.currentTarget.getBoundingClientRect();
    onSeek(((e.clientX - box.left) / box.width) * total);
  };
  const lanes = [
    { role: "user" as const, label: "User (left)", bar: "bg-zinc-500 dark:bg-zinc-400" },
    { role: "agent" as const, label: "Agent (right)", bar: "bg-sky-600 dark:bg-sky-400" },
  ];
  return (
    <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-center gap-x-2 gap-y-1 text-xs" data-testid="lanes">
      {lanes.map((lane) => (
        <div key={lane.role} className="contents">
          <span className="text-zinc-600 dark:text-zinc-400">{lane.label}</span>
          <div className={`relative h-4 rounded bg-zinc-100 dark:bg-zinc-800 ${onSeek ? "cursor-pointer" : ""}`} onClick={click} data-lane={lane.role}>
            {turns.map((t, i) =>
              t.role === lane.role ? (
                <a
                  key={i}
                  href={`#turn-${i}`}
                  onClick={(e) => {
                    if (!onSeek) return;
                    e.preventDefault();
                    e.stopPropagation();
                    onSeek(t.start);
                    revealTurn(i);
                  }}
                  data-seek={onSeek ? t.start : undefined}
                  title={`${lane.role} turn ${i}: ${clock(t.start)}–${clock(t.end)}`}
                  aria-label={`${lane.role} turn ${i} at ${clock(t.start)}`}
                  className={`absolute inset-y-0.5 rounded-sm ${lane.bar} opacity-80 hover:opacity-100`}
                  style={{ left: pct(t.start), width: `max(2px, ${pct(Math.max(0, t.end - t.start))})` }}
                />
              ) : null,
            )}
            {marks && <LaneMarks marks={marks} lane={lane.role} total={total} />}
            {time !== null && (
              <span
                aria-hidden
                className="pointer-events-none absolute -inset-y-1 w-0.5 bg-red-600 dark:bg-red-400"
                style={{ left: pct(time) }}
                data-testid="playhead"
              />
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
