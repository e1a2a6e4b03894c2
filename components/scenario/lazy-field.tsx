"use client";

/**
 * A tool call's long argument or result: a preview in the page, the whole text fetched from the
 * tool-call API the first time it is opened. A context with hundreds of large tool results would
 * otherwise put every one of them into the HTML.
 */
import { api } from "@/components/api-client";
import { useState } from "react";
import { count } from "@/components/format";

const SHOWN_CHARS = 12_000;
const MONO = "tool-text";

type State = { status: "idle" | "loading" } | { status: "error"; message: string } | { status: "done"; text: string };

/** Arguments are shown pretty-printed; results as the text the tool returned. */
function textOf(value: unknown, pretty: boolean): string {
  if (typeof value === "string") return value;
  return pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value);
}

export function LazyField({
  label,
  preview,
  length,
  href,
  part,
  testId,
}: {
  label: string;
  preview: string;
  length: number;
  href: string;
  part: "arguments" | "result";
  testId: string;
}) {
  const [state, setState] = useState<State>({ status: "idle" });
  const load = async () => {
    setState({ status: "loading" });
    try {
      const body = await api.toolCall(href);
      setState({ status: "done", text: textOf(body.call[part], part === "arguments") ?? "" });
    } catch (error) {
      setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <details
      className="group"
      data-testid={testId}
      onToggle={(e) => {
        if (e.currentTarget.open && state.status === "idle") void load();
      }}
    >
      <summary className={`cursor-pointer ${MONO}`}>
        <span className="font-sans text-zinc-500">{label} </span>
        <span className="group-open:hidden">{preview}… </span>
        <span className="font-sans text-sky-700 dark:text-sky-400">
          <span className="group-open:hidden">show all ({count(length)} chars)</span>
          <span className="hidden group-open:inline">collapse</span>
        </span>
      </summary>
      {state.status === "done" ? (
        <pre className={`mt-1 max-h-96 overflow-auto ${MONO}`}>
          {state.text.slice(0, SHOWN_CHARS)}
          {state.text.length > SHOWN_CHARS && `\n… ${count(state.text.length - SHOWN_CHARS)} more characters in bot_logs_agent/llm_context.json`}
        </pre>
      ) : state.status === "error" ? (
        <p className="mt-1 text-red-700 dark:text-red-400" role="alert">
          Could not load the whole {label}: {state.message}
        </p>
      ) : (
        <p className="mt-1 text-zinc-500" aria-busy="true">
          Loading…
        </p>
      )}
    </details>
  );
}
