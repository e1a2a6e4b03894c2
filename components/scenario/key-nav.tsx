"use client";

/** Keyboard navigation between scenarios: j/k next/previous in the list, ]/[ next/previous failing. */
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useStaticMode } from "@/components/ui/static-mode";

export interface KeyTargets {
  next: string | null;
  prev: string | null;
  nextFailing: string | null;
  prevFailing: string | null;
}

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT";
}

/** The keys need the app's router: an export (no router, no script) has none. */
export function KeyNav({ targets }: { targets: KeyTargets }) {
  return useStaticMode() ? null : <LiveKeyNav targets={targets} />;
}

function LiveKeyNav({ targets }: { targets: KeyTargets }) {
  const router = useRouter();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const href =
        e.key === "j" ? targets.next : e.key === "k" ? targets.prev : e.key === "]" ? targets.nextFailing : e.key === "[" ? targets.prevFailing : undefined;
      if (href === undefined) return;
      // What the last bound key did, announced on the page (a test waits for it instead of waiting a while).
      const ignored = e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.repeat || typing(e.target);
      document.body.dataset.scenarioKeyLast = `${e.key}:${ignored ? "ignored" : href ? "navigate" : "none"}`;
      if (ignored) return;
      e.preventDefault();
      if (href) router.push(href);
    };
    window.addEventListener("keydown", onKey);
    // Lets tests (and scripts) know the keys are live.
    document.body.dataset.scenarioKeys = "on";
    return () => {
      window.removeEventListener("keydown", onKey);
      delete document.body.dataset.scenarioKeys;
    };
  }, [router, targets.next, targets.prev, targets.nextFailing, targets.prevFailing]);
  return null;
}
