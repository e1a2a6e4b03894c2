"use client";

/**
 * What the recording itself says (GET …/audio-analysis): each side's talk spurts as lanes under the
 * logged turns, the findings where audio and logs disagree (click one to play from there), and the
 * response gap on the audio beside the logged latencies.
 */
import { api } from "@/components/api-client";
import { useEffect, useState } from "react";
import type { AudioAnalysis } from "@/lib/core/audio/analyse";
import { FINDING_LABEL } from "@/components/audio/finding-labels";
import { InteractionFacts, InteractionFigures } from "@/components/audio/interaction-panel";
import { clock } from "./text";
import { stats } from "@/lib/core/timing/stats";
import { count } from "@/components/format";

const EVENT_LABEL: Record<string, string> = {
  response: "Response",
  no_response: "No response",
  yield: "Yield",
  no_yield: "No yield",
  agent_interrupt: "Agent interruption",
  backchannel: "Backchannel",
};

type Loaded = { state: "loading" } | { state: "ok"; analysis: AudioAnalysis } | { state: "problem"; reason: string };

/** One channel's loudness as a mirrored bar shape, scaled to the louder channel's peak. */
function Waveform({ peaks, scale, side }: { peaks: number[]; scale: number; side: "user" | "agent" }) {
  const d = peaks.map((p, i) => {
    const h = Math.max(0.02, p / scale);
    return `M${i} ${(1 - h).toFixed(2)}v${(2 * h).toFixed(2)}`;
  });
  return (
    <svg viewBox={`0 0 ${Math.max(1, peaks.length)} 2`} preserveAspectRatio="none" aria-hidden className="absolute inset-0 h-full w-full" data-waveform={side}>
      <path
        d={d.join("")}
        strokeWidth={0.8}
        vectorEffect="non-scaling-stroke"
        className={side === "user" ? "stroke-zinc-400 dark:stroke-zinc-500" : "stroke-sky-500"}
      />
    </svg>
  );
}

export function MeasuredLanes({ href, total, onSeek }: { href: string; total: number; onSeek: (t: number) => void }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  useEffect(() => {
    let live = true;
    api
      .audioAnalysis(href)
      .then((analysis) => live && setLoaded({ state: "ok", analysis }))
      .catch((e: unknown) => live && setLoaded({ state: "problem", reason: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [href]);

  if (loaded.state === "loading")
    return (
      <p className="text-xs text-zinc-500" data-testid="audio-analysis-loading">
        Measuring the recording…
      </p>
    );
  if (loaded.state === "problem")
    return (
      <p className="text-xs text-amber-800 dark:text-amber-300" data-testid="audio-analysis-problem">
        {loaded.reason}
      </p>
    );
  const a = loaded.analysis;
  const span = Math.max(total, a.durationSeconds, 1);
  const pct = (t: number) => `${Math.min(100, Math.max(0, (t / span) * 100))}%`;
  // The same median as the run page's Audio tab (lib/core's stats).
  const gap = stats(a.responseGaps.map((g) => g.gapMs))?.p50 ?? null;
  const scale = Math.max(0.01, ...a.peaks.user, ...a.peaks.agent);
  // A click anywhere on a lane plays from that moment of the recording.
  const seekAt = (e: React.MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) onSeek(Math.max(0, ((e.clientX - box.left) / box.width) * span));
  };
  return (
    <div className="space-y-1 text-xs" data-testid="audio-analysis">
      <div className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-center gap-x-2 gap-y-1">
        {(["user", "agent"] as const).map((side) => (
          <div key={side} className="contents">
            <span className="text-zinc-600 dark:text-zinc-400">Heard ({side})</span>
            <div
              className="relative h-8 cursor-pointer rounded bg-zinc-50 dark:bg-zinc-900"
              data-measured-lane={side}
              onClick={seekAt}
              title={`The ${side} channel of the recording: click to play from there`}
            >
              <div className="absolute inset-y-0 left-0" style={{ width: pct(a.peaks[side].length * a.peaks.bucketSeconds) }}>
                <Waveform peaks={a.peaks[side]} scale={scale} side={side} />
              </div>
              {a.speech[side].map(([s, e], i) => (
                <button
                  key={i}
                  type="button"
                  onClick={(ev) => {
                    ev.stopPropagation();
                    onSeek(s);
                  }}
                  title={`${side} speech on the recording: ${clock(s)}–${clock(e)}`}
                  aria-label={`${side} speech at ${clock(s)}`}
                  data-spurt={`${side}:${i}`}
                  className={`absolute bottom-0 h-1 rounded-sm opacity-80 hover:opacity-100 ${side === "user" ? "bg-zinc-500" : "bg-sky-600"}`}
                  style={{ left: pct(s), width: `max(2px, ${pct(e - s)})` }}
                />
              ))}
              {a.findings.map((f, i) =>
                f.side === side || f.side === "both" ? (
                  <span key={i} aria-hidden className="absolute inset-y-0 w-0.5 bg-red-600" style={{ left: pct(f.start) }} title={f.message} />
                ) : null,
              )}
              {/* The panel's events on the side that acts: yields and responses on the agent's lane, the agent's interruptions too. */}
              {side === "agent" &&
                (a.interactionEvents ?? []).map((e, i) =>
                  e.kind === "backchannel" ? null : (
                    <span
                      key={`ev${i}`}
                      className={`absolute top-0 h-1.5 w-1.5 -translate-x-1/2 rounded-full ${e.kind === "yield" || e.kind === "response" ? "bg-emerald-600" : "bg-amber-600"}`}
                      style={{ left: pct(e.at) }}
                      title={`${EVENT_LABEL[e.kind]} at ${clock(e.at)}${e.seconds === null ? "" : ` (${e.seconds.toFixed(2)} s)`}`}
                      data-interaction-event={e.kind}
                    />
                  ),
                )}
            </div>
          </div>
        ))}
      </div>
      <p className="text-zinc-600 dark:text-zinc-400" data-testid="audio-gap">
        Response gap on the recording: {gap === null ? "no hand-off measured" : `p50 ${count(Math.round(gap))} ms over ${a.responseGaps.length} hand-off(s)`} ·{" "}
        {a.overlaps.length} overlap(s) · {a.silences.length} silence(s) of 2 s or more
      </p>
      {a.line && (
        <p className="text-zinc-600 dark:text-zinc-400" data-testid="audio-line">
          Line:{" "}
          {(["user", "agent"] as const)
            .map(
              (side) =>
                `${side} ${a.line[side].note ?? (a.line[side].snrDb === null ? "SNR unknown (no noise to measure)" : `SNR ${a.line[side].snrDb.toFixed(0)} dB`)}`,
            )
            .join(" · ")}
        </p>
      )}
      {a.interaction && (
        <>
          <p className="text-zinc-600 dark:text-zinc-400">Turn-taking on the recording (τ-voice figures; the log&apos;s are in the timing section):</p>
          <InteractionFigures panel={a.interaction} testId="audio-interaction" />
        </>
      )}
      {a.deadAir && <InteractionFacts deadAir={a.deadAir} split={a.responseLatencyByTurn ?? null} testId="audio-interaction-facts" />}
      {a.findings.length > 0 && (
        <ul className="space-y-0.5" data-testid="audio-findings">
          {a.findings.map((f, i) => (
            <li key={i}>
              <button type="button" onClick={() => onSeek(f.start)} className="text-left text-sky-700 hover:underline dark:text-sky-400" data-finding={f.kind}>
                <span className="mr-1 rounded bg-red-50 px-1 font-medium text-red-800 dark:bg-red-950 dark:text-red-300">{FINDING_LABEL[f.kind]}</span>
                {clock(f.start)}: {f.message}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
