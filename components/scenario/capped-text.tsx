"use client";

/**
 * A long text of the scenario page (a judge reason, a turn, a prompt): the page carries its start
 * (`ScenarioDetail.truncated` names what was cut) and "show all" fetches the rest as plain text.
 * A 50 MB judge reason must not be inlined into the HTML.
 */
import { api } from "@/components/api-client";
import { createContext, useContext, useState } from "react";
import { count } from "@/components/format";

export interface CappedTexts {
  truncated: Record<string, number>;
  /** The URL that answers one field whole once the field's encoded name is appended (`…/text?field=`). */
  textHref: string;
}

const Capped = createContext<CappedTexts>({ truncated: {}, textHref: "" });

export function useCappedTexts(): CappedTexts {
  return useContext(Capped);
}

export function CappedTextProvider({ value, children }: { value: CappedTexts; children: React.ReactNode }) {
  return <Capped.Provider value={value}>{children}</Capped.Provider>;
}

type State = { status: "cut" | "loading" } | { status: "error"; message: string } | { status: "whole"; text: string };

export function CappedText({ field, text }: { field: string; text: string }) {
  const { truncated, textHref } = useContext(Capped);
  const length = truncated[field];
  const [state, setState] = useState<State>({ status: "cut" });
  if (length === undefined) return <>{text}</>;
  if (state.status === "whole") return <>{state.text}</>;
  const load = async () => {
    setState({ status: "loading" });
    try {
      setState({ status: "whole", text: await api.wholeText(textHref + encodeURIComponent(field)) });
    } catch (error) {
      setState({ status: "error", message: error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <>
      {text}
      <span className="font-sans text-zinc-500">… </span>
      <button
        type="button"
        className="font-sans text-sm text-sky-700 underline dark:text-sky-400"
        data-testid="show-all"
        onClick={() => void load()}
        disabled={state.status === "loading"}
      >
        {state.status === "loading" ? "loading…" : `show all (${count(length)} characters)`}
      </button>
      {state.status === "error" && (
        <span role="alert" className="ml-2 font-sans text-sm text-red-700 dark:text-red-400">
          Could not load the rest: {state.message}
        </span>
      )}
    </>
  );
}
