/**
 * Context: the scenario's prompts and tool lists (collapsed), every known file with its status and
 * whether the scenario's whitelist needs it (§7.1), and each parsed artifact one click away.
 */
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { boundedJson } from "./text";
import type { ScenarioFileStatus } from "./types";

const RAW_MAX = 60_000;

export interface RawArtifact {
  path: string;
  /** Parsed content (rendered as JSON) or text. */
  value: unknown;
  text?: string | null;
  note?: string;
}

/** Whether the whitelist needs a file (§7.1); `null` = not a scoring input. */
export function neededBy(path: string, whitelist: string[] | null): { needed: boolean | null; why: string } {
  const gate = (signals: string[], what: string) => {
    if (!whitelist) return { needed: null, why: "whitelist unknown (no metadata.json)" };
    const on = signals.filter((s) => whitelist.includes(s));
    return on.length ? { needed: true, why: `${on.join(", ")} gates` } : { needed: false, why: `${what} does not gate` };
  };
  switch (path) {
    case "metrics.json":
      return { needed: true, why: "always: a scenario is finished only with it" };
    case "judge_result.json":
      return gate(["judge_passed", "nl_assertion"], "the judge");
    case "scenario_config/reference_answer.json":
    case "final_agent_response.json":
      return gate(["is_action_match"], "is_action_match");
    case "final_scenario_db_hash.txt":
      return gate(["db_state_match"], "db_state_match");
    default:
      return { needed: null, why: "" };
  }
}

export function rawId(path: string): string {
  return `raw-${path.replace(/[^a-zA-Z0-9]+/g, "-")}`;
}

function Collapsed({ id, title, children, testId }: { id?: string; title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <details id={id} className="scroll-mt-4 rounded-md border border-zinc-200 target:ring-2 target:ring-amber-400 dark:border-zinc-800" data-testid={testId}>
      <summary className="cursor-pointer px-3 py-1.5 text-sm font-medium">{title}</summary>
      <div className="border-t border-zinc-200 px-3 py-2 dark:border-zinc-800">{children}</div>
    </details>
  );
}

function Pre({ children }: { children: ReactNode }) {
  return <pre className="max-h-[32rem] overflow-auto rounded bg-zinc-50 p-2 font-mono text-xs whitespace-pre-wrap break-words dark:bg-zinc-950">{children}</pre>;
}

function ToolList({ tools }: { tools: Record<string, unknown> | null }) {
  if (!tools) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Missing or unreadable.</p>;
  const entries = Object.entries(tools);
  if (entries.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No tools.</p>;
  return (
    <ul className="space-y-1 text-xs">
      {entries.map(([name, args]) => (
        <li key={name} className="flex flex-wrap gap-x-2">
          <span className="font-mono font-semibold break-all">{name}</span>
          {!!args && typeof args === "object" && Object.keys(args).length > 0 && <span className="font-mono break-all text-zinc-600 dark:text-zinc-400">{boundedJson(args, 2000).text.replace(/\s*\n\s*/g, " ")}</span>}
        </li>
      ))}
    </ul>
  );
}

export function ScenarioContext({
  prompts,
  tools,
  files,
  whitelist,
  raw,
  audioHref,
  apiHref,
}: {
  prompts: { user: string | null; agent: string | null };
  tools: { user: Record<string, unknown> | null; agent: Record<string, unknown> | null };
  files: ScenarioFileStatus[];
  whitelist: string[] | null;
  raw: RawArtifact[];
  audioHref: string;
  apiHref: string;
}) {
  const rawPaths = new Set(raw.map((r) => r.path));
  return (
    <div className="space-y-4">
      <div className="grid gap-2 lg:grid-cols-2">
        <Collapsed title="Agent prompt (scenario_config/agent_prompt.txt)" testId="agent-prompt">
          {prompts.agent === null ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Missing.</p> : <Pre>{prompts.agent}</Pre>}
        </Collapsed>
        <Collapsed title="User simulator prompt (scenario_config/user_prompt.txt)" testId="user-prompt">
          {prompts.user === null ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Missing.</p> : <Pre>{prompts.user}</Pre>}
        </Collapsed>
        <Collapsed id="tools" title={`Agent tools (${tools.agent ? Object.keys(tools.agent).length : "?"})`} testId="agent-tools">
          <ToolList tools={tools.agent} />
        </Collapsed>
        <Collapsed title={`User simulator tools (${tools.user ? Object.keys(tools.user).length : "?"})`} testId="user-tools">
          <ToolList tools={tools.user} />
        </Collapsed>
      </div>

      <section id="files" className="scroll-mt-4 space-y-2 target:rounded-md target:ring-2 target:ring-amber-400" aria-label="Files">
        <h3 className="text-sm font-semibold">Files</h3>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-xs" data-testid="files">
            <thead className="text-zinc-600 dark:text-zinc-400">
              <tr>
                <th className="py-1 pr-3 font-medium">File</th>
                <th className="py-1 pr-3 font-medium">Status</th>
                <th className="py-1 font-medium">Needed by the whitelist</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {files.map((f) => {
                const need = neededBy(f.path, whitelist);
                const link = f.present ? (f.path === "conversation_log.wav" ? audioHref : rawPaths.has(f.path) ? `#${rawId(f.path)}` : null) : null;
                return (
                  <tr key={f.path} data-file={f.path} data-present={String(f.present)} data-needed={need.needed === null ? "" : String(need.needed)}>
                    <td className="py-1 pr-3 font-mono break-all">
                      {link ? (
                        <a href={link} className="text-sky-700 hover:underline dark:text-sky-400">
                          {f.path}
                        </a>
                      ) : (
                        f.path
                      )}
                    </td>
                    <td className="py-1 pr-3">{f.present ? <Badge tone="good">present</Badge> : <Badge tone={need.needed ? "bad" : "neutral"}>missing</Badge>}</td>
                    <td className="py-1 text-zinc-600 dark:text-zinc-400">
                      {need.needed === null ? (need.why ? need.why : "–") : `${need.needed ? "yes" : "no"} (${need.why})`}
                      {!f.present && need.needed && <span className="ml-1 font-medium text-red-700 dark:text-red-400">— a finding</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Everything below as one JSON document:{" "}
          <a href={apiHref} className="text-sky-700 hover:underline dark:text-sky-400">
            scenario API
          </a>
          .
        </p>
      </section>

      <section className="space-y-2" aria-label="Raw files">
        <h3 className="text-sm font-semibold">Raw files (as parsed)</h3>
        <div className="space-y-1.5">
          {raw.map((r) => {
            const body = r.text !== undefined && r.text !== null ? { text: r.text.length > RAW_MAX ? r.text.slice(0, RAW_MAX) : r.text, truncated: r.text.length > RAW_MAX } : boundedJson(r.value, RAW_MAX);
            return (
              <Collapsed key={r.path} id={rawId(r.path)} title={<span className="font-mono">{r.path}</span>} testId={rawId(r.path)}>
                {r.note && <p className="mb-1 text-xs text-zinc-600 dark:text-zinc-400">{r.note}</p>}
                <Pre>
                  {body.text}
                  {body.truncated && `\n… cut at ${RAW_MAX.toLocaleString("en-US")} characters; the scenario API has all of it`}
                </Pre>
              </Collapsed>
            );
          })}
        </div>
      </section>
    </div>
  );
}
