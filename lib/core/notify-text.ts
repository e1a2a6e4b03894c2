/**
 * `--notify`: the JSON a finished run is announced with, and its `text`, a short Markdown summary that
 * a Slack-compatible incoming webhook shows as is (`*bold*`, `<url|label>` links, one line each).
 * Results text (scenario names, judge reasons) is cut short and stripped of Slack's control characters;
 * nothing beyond the summary is sent. Pure.
 */
import { rateLabel } from "./figures";
import { percent } from "./format";

export interface NotifyScenario {
  scenario: string;
  signals: string[];
  reason: string | null;
}

export interface NotifyPayload {
  text: string;
  run: string;
  suite: string;
  previous: string | null;
  success: { k: number; n: number };
  new_failures: NotifyScenario[];
  flaky: NotifyScenario[];
  anomaly: boolean;
  /** Why this run is not like for like with the previous one (issue 57): calls ended under another policy or timeout, a domain's scoring changed. */
  not_comparable: string[];
  url: string;
}

/** How long a judge's reason may be in the payload. */
export const NOTIFY_REASON_CHARS = 200;
/** How many scenarios the text names before "… and N more" (the JSON lists them all, up to `NOTIFY_MAX_LISTED`). */
export const NOTIFY_TEXT_LISTED = 5;
export const NOTIFY_MAX_LISTED = 100;

/** Slack's mrkdwn control characters made inert (`&`, `<`, `>`), and the text kept to one line. */
export function slackSafe(text: string, max = NOTIFY_REASON_CHARS): string {
  const one = text.replace(/\s+/g, " ").trim();
  const cut = one.length > max ? `${one.slice(0, max - 1)}…` : one;
  return cut.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const pct = (k: number, n: number) => (n > 0 ? percent(k / n) : "unknown");

export function notifyText(p: Omit<NotifyPayload, "text">, deltaPp: string | null): string {
  const lines = [`*Run finished: <${p.url}|${slackSafe(p.run, 120)}>* (${slackSafe(p.suite, 80)})`];
  lines.push(
    `${rateLabel("success_rate")} ${pct(p.success.k, p.success.n)} (${p.success.k}/${p.success.n})${p.previous ? `, ${deltaPp ?? "Δ unknown"} vs ${slackSafe(p.previous, 120)}` : ", the suite's first run"}${p.anomaly ? " — *anomaly*: outside the band of the suite's trailing runs" : ""}`,
  );
  const list = (title: string, items: readonly NotifyScenario[]) => {
    if (!items.length) return;
    lines.push(`*${title} (${items.length}):*`);
    for (const s of items.slice(0, NOTIFY_TEXT_LISTED))
      lines.push(
        `• ${slackSafe(s.scenario, 120)}${s.signals.length ? `: ${slackSafe(s.signals.join(", "), 120)}` : ""}${s.reason ? ` — ${slackSafe(s.reason, 120)}` : ""}`,
      );
    if (items.length > NOTIFY_TEXT_LISTED) lines.push(`… and ${items.length - NOTIFY_TEXT_LISTED} more`);
  };
  for (const n of p.not_comparable ?? []) lines.push(`⚠ ${slackSafe(n, 300)}`);
  list("New failures", p.new_failures);
  list("Flaky", p.flaky);
  if (!p.new_failures.length && !p.flaky.length) lines.push("No new failures.");
  return lines.join("\n");
}

/**
 * A notify URL as logs and `/api/health` may show it: scheme and host only. A webhook's path and query
 * are themselves its secret (Slack's `/services/T…/B…/…`), and its userinfo always is.
 */
export function notifyUrlForLog(url: string): string {
  try {
    const u = new URL(url);
    const rest = u.pathname !== "/" || u.search ? "/<redacted>" : "";
    return `${u.protocol}//${u.host}${rest}`;
  } catch {
    return "<an unparseable URL>";
  }
}
