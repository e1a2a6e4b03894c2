/**
 * The layering of docs/architecture.md ("The rooms"), as one lint rule over every import a module can
 * make: `import`, `export … from`, and dynamic `import()` (a module loaded later is still a
 * dependency). Each importing file belongs to a room; each room names what it may not reach.
 */
import { builtinModules } from "node:module";
import { dirname, join, normalize, relative, sep } from "node:path";

const NODE_BUILTINS = new Set(builtinModules.filter((m) => !m.startsWith("_")));

/**
 * lib/server's rooms from the bottom: a room may import its own and lower ranks. The appliers
 * (`ingest/load-run.ts`, `ingest/scan.ts`) apply reads to the model, so they sit above it; views and
 * audio are one room's two halves (a view shows a recording's analysis, which reads the scenario's
 * evidence). Files at the top of lib/server are leaves anyone may use.
 */
const SERVER_RANKS = [
  ["source"],
  ["work", "source"],
  ["ingest"],
  // One reader per artifact (judge_result.json), kept by the file's signature: above ingest's reads.
  ["evidence"],
  ["model"],
  ["ingest-apply"],
  ["cache", "setup", "evidence"],
  ["views", "audio"],
  ["timing", "notify"],
  ["live"],
  // One module per question the surfaces ask (gate inputs, run detail, changes, compare, trends): pages, the API, the CLI and MCP call them.
  ["queries"],
  ["http", "export", "ledger"],
  ["mcp"],
];
const APPLIERS = ["lib/server/ingest/load-run.ts", "lib/server/ingest/scan.ts"];
/** Leaves inside a room, usable from below it: a parse of the ledger's settings, the API's response helpers. */
const SERVER_LEAVES = ["lib/server/ledger/config.ts", "lib/server/http/respond.ts", "lib/server/http/sse.ts"];
const rankOf = (room) => SERVER_RANKS.findIndex((r) => r.includes(room));

function serverRoom(file) {
  if (APPLIERS.includes(file)) return "ingest-apply";
  const m = /^lib\/server\/([^/]+)\//.exec(file);
  return m ? m[1] : null;
}

/** The project path an import names (without extension), or null for a package. */
function targetOf(source, fromFile) {
  if (source.startsWith("@/")) return normalize(source.slice(2)).split(sep).join("/");
  if (source.startsWith("."))
    return normalize(join(dirname(fromFile), source))
      .split(sep)
      .join("/");
  return null;
}

const within = (target, folder) => target === folder || target.startsWith(`${folder}/`);
const isLeaf = (target) => SERVER_LEAVES.some((leaf) => leaf.replace(/\.ts$/, "") === target.replace(/\.(ts|tsx|js|mjs)$/, ""));
const packageName = (s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]);

/** Why `fromFile` may not import `source`, or null when it may. */
export function layerViolation(fromFile, source) {
  const target = targetOf(source, fromFile);
  const pkg = target === null ? packageName(source.replace(/^node:/, "")) : null;
  const builtin = target === null && (source.startsWith("node:") || NODE_BUILTINS.has(pkg));

  if (within(fromFile, "lib/core")) {
    if (builtin) return "lib/core is pure: no Node built-ins.";
    if (pkg && ["next", "react", "react-dom", "chokidar"].includes(pkg)) return "lib/core is framework-free.";
    if (target !== null && !within(target, "lib/core")) return "lib/core depends on nothing above it.";
    return null;
  }
  if (within(fromFile, "lib/shared")) {
    if (builtin) return "lib/shared crosses to the browser: no Node built-ins.";
    if (target !== null && (within(target, "lib/server") || within(target, "app") || within(target, "components")))
      return "lib/shared crosses to the browser: no server code, pages or components.";
    return null;
  }
  if (within(fromFile, "components")) {
    if (target !== null && (within(target, "lib/server") || within(target, "app"))) return "Client leaves receive data as props: no lib/server or app/ import.";
    return null;
  }
  const room = serverRoom(fromFile);
  if (room === null || target === null || !within(target, "lib/server") || isLeaf(target)) return null;
  const targetRoom = serverRoom(`${target}.ts`) ?? serverRoom(target);
  if (targetRoom === null || targetRoom === room) return null;
  const from = rankOf(room);
  const to = rankOf(targetRoom);
  if (from === -1 || to === -1)
    return `lib/server/${from === -1 ? room : targetRoom} has no place in the layers: add it to SERVER_RANKS (eslint-layers.mjs) and docs/architecture.md.`;
  if (to > from || (to === from && SERVER_RANKS[from].length > 1 && !["views", "audio"].includes(room)))
    return `lib/server/${room === "ingest-apply" ? "ingest's appliers" : room} sits below ${targetRoom} (docs/architecture.md, "The rooms"): move the shared piece down, or the caller up.`;
  return null;
}

export const layersPlugin = {
  rules: {
    layers: {
      meta: { type: "problem", schema: [] },
      create(context) {
        const file = relative(context.cwd, context.filename).split(sep).join("/");
        const check = (node, source) => {
          if (typeof source !== "string") return;
          const why = layerViolation(file, source);
          if (why) context.report({ node, message: why });
        };
        const literal = (n) =>
          n?.type === "Literal" ? n.value : n?.type === "TemplateLiteral" && n.expressions.length === 0 ? n.quasis[0].value.cooked : undefined;
        return {
          ImportDeclaration: (node) => check(node, node.source.value),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
          ExportAllDeclaration: (node) => check(node, node.source.value),
          ImportExpression: (node) => check(node, literal(node.source)),
          TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument)),
        };
      },
    },
  },
};
