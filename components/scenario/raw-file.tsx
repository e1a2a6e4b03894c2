"use client";

/**
 * One file of the scenario as stored, fetched from the files API the first time it is opened: the
 * page carries no file bodies, so a scenario with a 5 MB context renders as fast as any other. Long
 * files show their first (or, for logs, last) part, with the whole file one click away.
 */
import { api } from "@/components/api-client";
import { useState } from "react";
import { Collapsed, Pre } from "./collapsed";

const SHOWN_BYTES = 256 * 1024;

type State = { status: "idle" | "loading" } | { status: "error"; message: string } | { status: "done"; text: string; cut: boolean };

function kb(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function RawFile({
  id,
  path,
  href,
  size,
  note,
  tail = false,
}: {
  id: string;
  path: string;
  href: string;
  size: number | null;
  note?: string;
  tail?: boolean;
}) {
  const [state, setState] = useState<State>({ status: "idle" });
  const load = async () => {
    setState({ status: "loading" });
    try {
      const { status, text, total } = await api.filePart(href, tail ? `bytes=-${SHOWN_BYTES}` : `bytes=0-${SHOWN_BYTES - 1}`);
      setState({ status: "done", text, cut: status === 206 && Number.isFinite(total) && total > SHOWN_BYTES });
    } catch (error) {
      setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };
  const title = (
    <>
      <span className="font-mono">{path}</span>
      {size !== null && <span className="ml-2 text-xs font-normal text-zinc-600 dark:text-zinc-400">{kb(size)}</span>}
    </>
  );
  return (
    <Collapsed
      id={id}
      testId={id}
      title={title}
      onToggle={(e) => {
        if (e.currentTarget.open && state.status === "idle") void load();
      }}
    >
      <p className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">
        {note && `${note} `}
        <a href={href} target="_blank" rel="noreferrer" className="text-sky-700 hover:underline dark:text-sky-400">
          Open the whole file
        </a>
      </p>
      {state.status === "error" ? (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          Could not read {path}: {state.message}
        </p>
      ) : state.status === "done" ? (
        <Pre>
          {state.cut && tail && `… the last ${kb(SHOWN_BYTES)} of ${size === null ? "the file" : kb(size)}\n`}
          {state.text}
          {state.cut && !tail && `\n… the first ${kb(SHOWN_BYTES)} of ${size === null ? "the file" : kb(size)}; open the whole file for the rest`}
        </Pre>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" aria-busy="true">
          Loading…
        </p>
      )}
    </Collapsed>
  );
}
