"use client";

/**
 * Keeps a link to a transcript turn (`#turn-N`, `#tool-N`) from landing under the sticky audio
 * panel (issue 56): publishes the panel's height as `--audio-sticky-h`, which the transcript's
 * items use as their scroll margin (app/globals.css), and re-scrolls a turn the page was opened
 * at once the margin is known (the browser scrolled before this ran).
 */
import { useEffect } from "react";

export function StickyOffset({ targetId }: { targetId: string }) {
  useEffect(() => {
    const panel = document.getElementById(targetId);
    if (!panel) return;
    const root = document.documentElement;
    let first = true;
    const publish = () => {
      // Only while it sticks: a panel that is not sticky (no audio) covers nothing.
      const sticky = getComputedStyle(panel).position === "sticky";
      root.style.setProperty("--audio-sticky-h", `${sticky ? Math.ceil(panel.getBoundingClientRect().height) : 0}px`);
      if (!first) return;
      first = false;
      let id = "";
      try {
        id = decodeURIComponent(window.location.hash.slice(1));
      } catch {
        return;
      }
      const target = /^(turn|tool)-/.test(id) ? document.getElementById(id) : null;
      if (target) target.scrollIntoView({ block: "start" });
    };
    const observer = new ResizeObserver(publish);
    observer.observe(panel);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--audio-sticky-h");
    };
  }, [targetId]);
  return null;
}
