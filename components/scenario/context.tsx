/**
 * Context: the scenario's prompts and tool lists (collapsed), every known file with its status and
 * whether the scenario's whitelist needs it (§7.1), and each parsed artifact one click away.
 */
import { CappedText } from "./capped-text";
import { DataTable } from "@/components/ui/data-table";
import { Badge } from "@/components/ui/badge";
import { Collapsed, Pre } from "./collapsed";
import { RawFile } from "./raw-file";
import { neededBy } from "@/lib/core/gating";
import { boundedJson } from "./text";
import type { ScenarioData } from "./types";

interface RawArtifact {
  path: string;
  note?: string;
  /** Show the end of the file rather than its start (logs). */
  tail?: boolean;
}

/** The files shown as stored, fetched when opened (the parsed form of each is in the scenario API). */
const RAW_FILES: RawArtifact[] = [
  { path: "metrics.json" },
  { path: "judge_result.json" },
  { path: "final_agent_response.json" },
  { path: "final_scenario_db_hash.txt" },
  { path: "conversation_log.txt" },
  { path: "conversation_log.seglst.json" },
  { path: "bridge_log.txt", tail: true },
  { path: "analysis_report.md" },
  { path: "scenario_config/metadata.json" },
  { path: "scenario_config/reference_answer.json" },
  { path: "scenario_config/agent_tools.json", note: "The file holds a JSON string; the tool list above is it decoded." },
  { path: "scenario_config/user_tools.json", note: "The file holds a JSON string; the tool list above is it decoded." },
  { path: "bot_logs_agent/llm_context.json" },
  { path: "bot_logs_user/llm_context.json" },
  { path: "trace_metrics.json" },
  { path: "bot_logs_agent/trace_metrics.json" },
];

export function rawId(path: string): string {
  return `raw-${path.replace(/[^a-zA-Z0-9]+/g, "-")}`;
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
          {!!args && typeof args === "object" && Object.keys(args).length > 0 && (
            <span className="font-mono break-all text-zinc-600 dark:text-zinc-400">{boundedJson(args, 2000).text.replace(/\s*\n\s*/g, " ")}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** `audioHref`: where the recording plays from, `null` when it was left out (an export without --audio); `apiHref`: the scenario API. */
export function ScenarioContext({ data, audioHref, apiHref }: { data: ScenarioData; audioHref: string | null; apiHref: string }) {
  const { prompts, tools, files } = data;
  const whitelist = data.metadata?.success_signals ?? null;
  const raw = RAW_FILES.filter((r) => files.some((f) => f.path === r.path && f.present));
  const rawPaths = new Set(raw.map((r) => r.path));
  return (
    <div className="space-y-4">
      <div className="grid grid-cols-1 gap-2 lg:grid-cols-2">
        <Collapsed title="Agent prompt (scenario_config/agent_prompt.txt)" testId="agent-prompt">
          {prompts.agent === null ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Missing.</p>
          ) : (
            <Pre>
              <CappedText field="prompt.agent" text={prompts.agent} />
            </Pre>
          )}
        </Collapsed>
        <Collapsed title="User simulator prompt (scenario_config/user_prompt.txt)" testId="user-prompt">
          {prompts.user === null ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">Missing.</p>
          ) : (
            <Pre>
              <CappedText field="prompt.user" text={prompts.user} />
            </Pre>
          )}
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
        <DataTable dense testId="files" columns={[{ label: "File" }, { label: "Status" }, { label: "Needed by the whitelist" }]}>
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
        </DataTable>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Everything below as one JSON document:{" "}
          <a href={apiHref} className="text-sky-700 hover:underline dark:text-sky-400">
            scenario API
          </a>
          .
        </p>
      </section>

      <section className="space-y-2" aria-label="Raw files">
        <h3 className="text-sm font-semibold">Raw files</h3>
        <div className="space-y-1.5">
          {raw.map((r) => (
            <RawFile
              key={r.path}
              id={rawId(r.path)}
              path={r.path}
              href={`${apiHref}/files/${r.path.split("/").map(encodeURIComponent).join("/")}`}
              size={files.find((f) => f.path === r.path)?.size ?? null}
              note={r.note}
              tail={r.tail}
            />
          ))}
        </div>
      </section>
    </div>
  );
}
