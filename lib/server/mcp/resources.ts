/**
 * Each run and scenario as a resource: `voice-eval://run/{id}` and
 * `voice-eval://run/{id}/scenario/{name}`, the id and name percent-encoded (a nested run id holds
 * "/"). Their text is the JSON of `get_run` and of `get_scenario` (with the judge) for the same name.
 */
import "server-only";
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { runsList } from "../views/runs-list";
import type { McpContext } from "./context";
import { runNamed, scenarioNamed, ToolError } from "./lookup";
import { runView } from "./tools-runs";
import { scenarioView } from "./tools-scenarios";
import { q } from "./text";

/** Resources listed: the newest runs (the runs list pages the rest). */
const LISTED_RUNS = 100;

export const runUri = (id: string) => `voice-eval://run/${encodeURIComponent(id)}`;
export const scenarioUri = (id: string, name: string) => `${runUri(id)}/scenario/${encodeURIComponent(name)}`;

function variable(value: string | string[] | undefined, what: string): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined) throw new ToolError(`no ${what} in the resource URI`);
  try {
    return decodeURIComponent(v);
  } catch {
    throw new ToolError(`the ${what} in the resource URI is not percent-encoded text`);
  }
}

const json = (uri: URL, value: unknown) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(value) }] });

export function registerResources(server: McpServer, ctx: McpContext): void {
  server.registerResource(
    "scenario",
    new ResourceTemplate("voice-eval://run/{id}/scenario/{name}", { list: undefined }),
    {
      title: "A scenario of a run",
      description: "get_scenario's answer (with the judge) as JSON; the id and name percent-encoded.",
      mimeType: "application/json",
    },
    async (uri, vars) => {
      const run = await runNamed(ctx.store, variable(vars.id, "run id"));
      const name = scenarioNamed(run, variable(vars.name, "scenario name"));
      return json(uri, await scenarioView(ctx, run, name, new Set(["judge"])));
    },
  );
  server.registerResource(
    "run",
    new ResourceTemplate("voice-eval://run/{id}", {
      list: async () => {
        await ctx.store.scanned;
        const runs = runsList(ctx.store.index).runs.slice(0, LISTED_RUNS);
        return {
          resources: runs.map((r) => ({
            uri: runUri(r.id),
            name: r.id,
            description: `${r.state} run started ${r.startedAt === null ? "(unknown)" : q(r.startedAt, 40)}`,
            mimeType: "application/json",
          })),
        };
      },
    }),
    { title: "An evaluation run", description: "get_run's answer as JSON; the run id percent-encoded.", mimeType: "application/json" },
    async (uri, vars) => json(uri, await runView(ctx, await runNamed(ctx.store, variable(vars.id, "run id")))),
  );
}
