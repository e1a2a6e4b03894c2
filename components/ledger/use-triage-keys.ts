"use client";

/**
 * Triage keys on the scenario page: 1–5 set the cause (agent, user-sim, ASR, framework, judge), `y`
 * accepts the carried-over suggestion, and in the review queue j/k walk the unlabelled failures.
 * Registered in the capture phase so, in the queue, j/k take precedence over the list's j/k.
 */
import { useEffect, useRef } from "react";
import { ACCEPT_KEY, CAUSE_KEYS, type Cause } from "@/lib/shared/ledger";

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT";
}

export interface TriageKeyActions {
  cause: (c: Cause) => void;
  accept: () => void;
  next: (() => void) | null;
  prev: (() => void) | null;
}

export function useTriageKeys(actions: TriageKeyActions): void {
  const ref = useRef(actions);
  useEffect(() => {
    ref.current = actions;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.repeat || typing(e.target)) return;
      const a = ref.current;
      const cause = CAUSE_KEYS[e.key];
      if (cause) {
        e.preventDefault();
        a.cause(cause);
      } else if (e.key === ACCEPT_KEY) {
        e.preventDefault();
        a.accept();
      } else if ((e.key === "j" && a.next) || (e.key === "k" && a.prev)) {
        e.preventDefault();
        (e.key === "j" ? a.next : a.prev)?.();
      }
    };
    window.addEventListener("keydown", onKey, true);
    document.body.dataset.triageKeys = "on";
    return () => {
      window.removeEventListener("keydown", onKey, true);
      delete document.body.dataset.triageKeys;
    };
  }, []);
}
