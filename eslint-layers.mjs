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
  ["cache", "setup"],
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

/** The folders outside lib/server and who may import them: the CLI and the suite generator are entry points, imported by nothing. */
const ENTRY_POINTS = ["lib/cli", "lib/generator"];

/** Why a file in a room of lib/server lies outside the layers, or null (reported once per file, imports or not). */
export function placeViolation(file) {
  const room = serverRoom(file);
  if (room === null || rankOf(room) !== -1) return null;
  return `lib/server/${room} has no place in the layers: add it to SERVER_RANKS (eslint-layers.mjs) and docs/architecture.md.`;
}

/**
 * Why `fromFile` may not import `source`, or null when it may. `typeOnly`: an `import type`, which
 * leaves nothing in the built code (lib/server may name a component's props type).
 */
export function layerViolation(fromFile, source, typeOnly = false) {
  const target = targetOf(source, fromFile);
  const pkg = target === null ? packageName(source.replace(/^node:/, "")) : null;
  const builtin = target === null && (source.startsWith("node:") || NODE_BUILTINS.has(pkg));
  const entry = target === null ? undefined : ENTRY_POINTS.find((e) => within(target, e));
  if (entry && !within(fromFile, entry))
    return `${entry} is an entry point (bin/, scripts/ and the tests call it): nothing in lib, app or components imports it.`;

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
  if (within(fromFile, "lib/generator")) {
    if (target !== null && !within(target, "lib/generator") && !within(target, "lib/core"))
      return "lib/generator writes harness folders by lib/core's rules: it imports lib/core only.";
    return null;
  }
  if (within(fromFile, "lib/cli") || within(fromFile, "app")) {
    if (target !== null && within(fromFile, "lib/cli") && (within(target, "app") || within(target, "components")))
      return "lib/cli reaches the pages through lib/server (the export renders them): no app/ or components/ import.";
    return null;
  }
  if (within(fromFile, "lib/server") && target !== null) {
    if (within(target, "app")) return "lib/server sits below the pages: no app/ import.";
    // The static export renders the pages' components to files; any other room hands data to pages.
    if (within(target, "components") && !typeOnly && serverRoom(fromFile) !== "export")
      return "lib/server renders components only in export/ (the static export); elsewhere it hands data to the pages: at most an `import type` from components/.";
  }
  // Files at the top of lib/server are leaves: they import no room.
  if (/^lib\/server\/[^/]+$/.test(fromFile) && target !== null && within(target, "lib/server") && serverRoom(`${target}.ts`) !== null && !isLeaf(target))
    return `${fromFile} is a leaf at the top of lib/server, usable by every room: it imports none.`;
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
        const check = (node, source, typeOnly = false) => {
          if (typeof source !== "string") {
            // A computed module name would slip past every rule above.
            context.report({ node, message: "import() of a computed name escapes the layers: name the module." });
            return;
          }
          const why = layerViolation(file, source, typeOnly);
          if (why) context.report({ node, message: why });
        };
        const literal = (n) =>
          n?.type === "Literal" ? n.value : n?.type === "TemplateLiteral" && n.expressions.length === 0 ? n.quasis[0].value.cooked : undefined;
        const typeOnly = (node) =>
          node.importKind === "type" || node.exportKind === "type" || (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type"));
        return {
          Program: (node) => {
            const why = placeViolation(file);
            if (why) context.report({ node, message: why });
          },
          ImportDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, typeOnly(node)),
          ExportAllDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
          ImportExpression: (node) => check(node, literal(node.source)),
          TSImportType: (node) => check(node, literal(node.argument?.literal ?? node.argument), true),
        };
      },
    },
  },
};
