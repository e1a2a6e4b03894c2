/**
 * The conversation: turns with timing, latency and barge-ins, and the agent's tool calls placed
 * between the turns they happened in (§7.3, §7.4). Every text is rendered as plain React text.
 */
import { CappedText } from "./capped-text";
import { Badge } from "@/components/ui/badge";
import type { ToolCall } from "@/lib/core";
import { LazyField } from "./lazy-field";
import { clock, inlineJson, millis, plural, secs } from "./text";
import { SeekButton, TurnItem } from "./turn-item";
import { cutInBy, INTERRUPTED_MARK_TITLE, type ShownTurn, type TurnSource } from "@/lib/core/transcript";

/** Beyond these the page links to the raw files instead (a 5 MB context must still open fast). */
const MAX_TURNS = 3000;
const MAX_CALLS = 150;
/** Results up to this length show whole; longer ones show a preview and expand. */
const RESULT_INLINE = 400;
const RESULT_PREVIEW = 200;
const ARGS_INLINE = 240;

/** Read-only by name (§7.4: `Get*`, `Search*`, tau2 lookups); a call that is neither this nor a write is unclassified. */
const READ_ONLY = /^(Get|Search|Find|List|Check|get_|search_|find_|list_|check_|calculate|think)/;

type Kind = "write" | "read" | "end" | "other";
function kindOf(c: ToolCall): Kind {
  return c.name === "EndConversationTool" ? "end" : c.mutating ? "write" : READ_ONLY.test(c.name) ? "read" : "other";
}

type Item = { kind: "turn"; index: number; turn: ShownTurn } | { kind: "calls"; calls: ToolCall[] };

/** Tool calls made after `k` agent utterances sit just before the (k+1)-th agent turn. */
export function interleave(turns: ShownTurn[], calls: ToolCall[]): Item[] {
  const items: Item[] = [];
  const pending = [...calls].sort((a, b) => a.afterAgentTurns - b.afterAgentTurns || a.messageIndex - b.messageIndex);
  let next = 0;
  let agentSeen = 0;
  const flush = (upTo: number) => {
    const group: ToolCall[] = [];
    while (next < pending.length && (pending[next] as ToolCall).afterAgentTurns <= upTo) group.push(pending[next++] as ToolCall);
    if (group.length) items.push({ kind: "calls", calls: group });
  };
  turns.forEach((turn, index) => {
    if (turn.role === "agent") {
      flush(agentSeen);
      agentSeen++;
    }
    items.push({ kind: "turn", index, turn });
  });
  flush(Infinity);
  return items;
}

export function Transcript({
  turns,
  toolCalls,
  source,
  permalinkBase,
  emptyReason,
  apiHref,
  sourcesNote,
}: {
  /** One line: which richer sources are absent (the transcript then comes from metrics.json). */
  sourcesNote?: string | null;
  /** The scenario's API path; each tool call is `${apiHref}/tool-calls/{position}`. */
  apiHref: string;
  turns: ShownTurn[];
  toolCalls: ToolCall[] | null;
  source: TurnSource | null;
  permalinkBase: string;
  emptyReason: string;
}) {
  const shownTurns = turns.slice(0, MAX_TURNS);
  const shownCalls = (toolCalls ?? []).slice(0, MAX_CALLS);
  const items = interleave(shownTurns, shownCalls);
  const cutIn = cutInBy(shownTurns);
  const kinds = { write: 0, read: 0, end: 0, other: 0 };
  for (const c of toolCalls ?? []) kinds[kindOf(c)]++;
  // Several calls of one message share its index: the first gets `tool-<messageIndex>`.
  const ids = new Map<ToolCall, string>();
  const positions = new Map(shownCalls.map((c, i) => [c, i]));
  const seen = new Map<number, number>();
  for (const c of shownCalls) {
    const k = seen.get(c.messageIndex) ?? 0;
    seen.set(c.messageIndex, k + 1);
    ids.set(c, k === 0 ? `tool-${c.messageIndex}` : `tool-${c.messageIndex}-${k}`);
  }
  return (
    <div className="space-y-3">
      <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="transcript-summary">
        {plural(turns.length, "turn")}
        {source && <> from {source}</>}
        {" · "}
        {toolCalls === null ? (
          <span
            data-testid="tool-calls-unknown"
            title="bot_logs_agent/llm_context.json is missing or was saved empty (§1.14); that is not evidence of no calls"
          >
            tool calls: <strong>unknown</strong> (the agent context is missing or empty)
          </span>
        ) : (
          <span data-testid="tool-calls-count">
            {plural(toolCalls.length, "tool call")} ({plural(kinds.write, "write")}, {kinds.read} read-only
            {kinds.other ? `, ${kinds.other} unclassified` : ""}
            {kinds.end ? `, ${kinds.end} EndConversationTool` : ""})
          </span>
        )}
      </p>
      {sourcesNote && (
        <p className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="transcript-sources">
          {sourcesNote}
        </p>
      )}
      {turns.length === 0 && (toolCalls ?? []).length === 0 ? (
        <p className="rounded-md bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/60 dark:text-zinc-300" data-testid="no-turns">
          {emptyReason}
        </p>
      ) : (
        <ol className="space-y-2" data-testid="transcript">
          {items.map((item) =>
            item.kind === "turn" ? (
              <Turn key={`t${item.index}`} index={item.index} turn={item.turn} permalinkBase={permalinkBase} cutInBy={cutIn[item.index] ?? null} />
            ) : (
              item.calls.map((c) => <ToolCallItem key={ids.get(c)} id={ids.get(c) as string} call={c} href={`${apiHref}/tool-calls/${positions.get(c)}`} />)
            ),
          )}
        </ol>
      )}
      {(turns.length > MAX_TURNS || (toolCalls?.length ?? 0) > MAX_CALLS) && (
        <p className="text-xs text-amber-800 dark:text-amber-300">
          Shown: the first {Math.min(turns.length, MAX_TURNS)} turns and {Math.min(toolCalls?.length ?? 0, MAX_CALLS)} tool calls; the rest is in the raw files
          below.
        </p>
      )}
    </div>
  );
}

function Turn({ index, turn, permalinkBase, cutInBy }: { index: number; turn: ShownTurn; permalinkBase: string; cutInBy: "user" | "agent" | null }) {
  const agent = turn.role === "agent";
  const barge = turn.latencyMs !== null && turn.latencyMs < 0;
  const base =
    "group rounded-md border px-3 py-2 text-sm transition-colors target:ring-2 target:ring-sky-500 " +
    "data-[highlighted=true]:ring-2 data-[highlighted=true]:ring-amber-400 data-[highlighted=true]:bg-amber-50 dark:data-[highlighted=true]:bg-amber-950/50 " +
    "data-[playing=true]:border-sky-500 data-[playing=true]:shadow-[inset_4px_0_0_var(--color-sky-500)] ";
  const tone = agent ? "border-sky-200 bg-sky-50/60 dark:border-sky-900 dark:bg-sky-950/30" : "border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900";
  // A turn without per-segment times (metrics.json) has no place in the audio: its link carries no `t`.
  const seek = turn.start === null ? "" : `t=${Math.floor(turn.start * 10) / 10}`;
  const query = [permalinkBase, seek].filter(Boolean).join("&");
  const href = `${query ? `?${query}` : ""}#turn-${index}`;
  return (
    <TurnItem index={index} start={turn.start} role={turn.role} className={`${base} ${tone} ${agent ? "ml-6" : "mr-6"}`}>
      <div className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400">
        {turn.start !== null ? (
          <SeekButton start={turn.start} label={`turn ${index}`} />
        ) : (
          <span className="font-mono tabular-nums" title="from metrics.json's timestamp, since the first turn's (no per-segment times)">
            {turn.at === null ? "–" : `+${clock(turn.at)}`}
          </span>
        )}
        <span className={`font-semibold tracking-wide uppercase ${agent ? "text-sky-800 dark:text-sky-300" : "text-zinc-800 dark:text-zinc-200"}`}>
          {agent ? "Agent" : "User"}
        </span>
        {turn.duration !== null && (
          <span className="tabular-nums" title="duration">
            {secs(turn.duration)}
          </span>
        )}
        {turn.latencyMs !== null &&
          (barge ? (
            <Badge tone="warn" title={`${agent ? "The agent" : "The user"} started before the other side finished`}>
              barge-in {millis(turn.latencyMs)}
            </Badge>
          ) : (
            <span
              className="tabular-nums"
              title={
                agent
                  ? `response latency (${turn.start === null ? "metrics.json latencies" : "conversation_log.txt"})`
                  : "user response latency: start − end of the last agent turn"
              }
              data-testid="latency"
            >
              {agent ? "latency" : "user latency"} {millis(turn.latencyMs)}
            </span>
          ))}
        {cutInBy && (
          <Badge tone="warn" title={`The ${cutInBy} started while this turn was being spoken (the turn-taking table counts it)`}>
            cut in on by the {cutInBy}
          </Badge>
        )}
        {turn.interrupted && (
          <span data-testid="interrupted-mark">
            <Badge title={INTERRUPTED_MARK_TITLE}>audio without text</Badge>
          </span>
        )}
        <a
          href={href}
          className="ml-auto font-mono text-zinc-400 opacity-60 group-hover:opacity-100 hover:text-sky-700 dark:hover:text-sky-400"
          aria-label={`Permalink to turn ${index}`}
          title="Permalink to this turn (and its time in the audio)"
        >
          #{index}
        </a>
      </div>
      <p className={`whitespace-pre-wrap break-words ${turn.interrupted ? "text-zinc-500 italic" : ""}`} data-testid="turn-text">
        {turn.text === "" ? <span className="text-zinc-500 italic">(no words recorded)</span> : <CappedText field={`turn.${index}`} text={turn.text} />}
      </p>
    </TurnItem>
  );
}

// Classes of app/globals.css (one name each: a page can hold 150 tool calls).
const TAG_WRITE = "tool-tag tool-tag-write";
const TAG_READ = "tool-tag";
const TAG_BAD = "tool-tag tool-tag-bad";
const MONO = "tool-text";

/** One tool call: compact markup, since a long context can hold hundreds of them. */
function ToolCallItem({ id, call, href }: { id: string; call: ToolCall; href: string }) {
  const args = call.arguments;
  const argsText = typeof args === "string" ? args : inlineJson(args);
  const result = call.result;
  const bad = call.unknownTool || call.error;
  const kind = kindOf(call);
  return (
    <li
      id={id}
      data-tool-call={call.name}
      data-mutating={call.mutating ? "true" : "false"}
      data-bad={bad ? "true" : undefined}
      data-after-agent-turns={call.afterAgentTurns}
      className="tool-call"
    >
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-mono font-semibold break-all">⚙ {call.name}</span>
        {kind === "end" ? (
          <span className={TAG_READ}>ends the call</span>
        ) : kind === "write" ? (
          <span className={TAG_WRITE} title="A write tool (§7.4): changes state">
            write
          </span>
        ) : kind === "read" ? (
          <span className={TAG_READ} title="A read-only tool (§7.4)">
            read-only
          </span>
        ) : (
          <span className={TAG_READ} title="Not a known write tool (§7.4); final_agent_response.json records the writes that succeeded">
            unclassified
          </span>
        )}
        {call.unknownTool && <span className={TAG_BAD}>unknown tool</span>}
        {call.error && !call.unknownTool && <span className={TAG_BAD}>error</span>}
        <span className="ml-auto font-mono text-zinc-400" title="index of the assistant message in bot_logs_agent/llm_context.json">
          msg {call.messageIndex}
        </span>
      </p>
      <Field label="args" text={argsText} href={href} testId="tool-args" />
      {result === null ? (
        <p className="text-zinc-500 italic">result: no result message</p>
      ) : (
        <Field label="result" text={result} href={href} testId="tool-result" />
      )}
    </li>
  );
}

/** `label: value`; a long value shows a preview, and the rest is fetched when opened. */
function Field({ label, text, href, testId }: { label: "args" | "result"; text: string; href: string; testId: string }) {
  const inline = label === "args" ? ARGS_INLINE : RESULT_INLINE;
  if (text.length <= inline)
    return (
      <p className={MONO} data-testid={testId}>
        <span className="font-sans text-zinc-500">{label} </span>
        {text}
      </p>
    );
  const preview = text.slice(0, label === "args" ? ARGS_INLINE : RESULT_PREVIEW);
  return <LazyField label={label} preview={preview} length={text.length} href={href} part={label === "args" ? "arguments" : "result"} testId={testId} />;
}
