"use client";

/**
 * Shared client state of the scenario page: the selected NL verdict (whose quoted turns are
 * highlighted), the turn being played, and the audio element that turns seek.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";

interface ScenarioState {
  selectedVerdict: number | null;
  selectVerdict(index: number | null): void;
  /** Turns quoted by the selected verdict. */
  highlighted: ReadonlySet<number>;
  playing: number | null;
  setPlaying(index: number | null): void;
  hasAudio: boolean;
  registerAudio(el: HTMLAudioElement | null): void;
  /** Moves the player to `seconds` (and starts it when `play`). No-op without audio. */
  seek(seconds: number, play: boolean): void;
}

const Ctx = createContext<ScenarioState | null>(null);

export function useScenario(): ScenarioState {
  const v = useContext(Ctx);
  if (!v) throw new Error("useScenario outside ScenarioInteraction");
  return v;
}

export function ScenarioInteraction({ verdictTurns, hasAudio, children }: { verdictTurns: number[][]; hasAudio: boolean; children: ReactNode }) {
  const [selectedVerdict, setSelected] = useState<number | null>(null);
  const [playing, setPlayingState] = useState<number | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const registerAudio = useCallback((el: HTMLAudioElement | null) => {
    audio.current = el;
  }, []);

  const seek = useCallback((seconds: number, play: boolean) => {
    const el = audio.current;
    if (!el || !Number.isFinite(seconds)) return;
    const to = Math.max(0, seconds);
    const go = () => {
      el.currentTime = Number.isFinite(el.duration) ? Math.min(to, el.duration) : to;
      if (play) el.play().catch(() => {});
    };
    // Before its metadata the element cannot seek; wait for it.
    if (el.readyState >= 1) go();
    else {
      el.addEventListener("loadedmetadata", go, { once: true });
      if (el.preload === "none") el.load();
    }
  }, []);

  const setPlaying = useCallback((i: number | null) => setPlayingState((prev) => (prev === i ? prev : i)), []);

  const highlighted = useMemo(() => new Set(selectedVerdict === null ? [] : (verdictTurns[selectedVerdict] ?? [])), [selectedVerdict, verdictTurns]);

  const value = useMemo<ScenarioState>(
    () => ({ selectedVerdict, selectVerdict: setSelected, highlighted, playing, setPlaying, hasAudio, registerAudio, seek }),
    [selectedVerdict, highlighted, playing, setPlaying, hasAudio, registerAudio, seek],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** Scrolls a transcript turn into view (centre), if it exists. */
export function revealTurn(index: number): void {
  const el = document.getElementById(`turn-${index}`);
  el?.scrollIntoView({ block: "center", behavior: "smooth" });
}
