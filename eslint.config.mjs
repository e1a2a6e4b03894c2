import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

import { builtinModules } from "node:module";

const nodeBuiltins = builtinModules.filter((m) => !m.startsWith("_"));

const frameworkFree = {
  paths: [
    ...nodeBuiltins.map((name) => ({ name, message: "lib/core is pure: no Node built-ins." })),
    ...nodeBuiltins.map((name) => ({ name: `node:${name}`, message: "lib/core is pure: no Node built-ins." })),
    { name: "next", message: "lib/core is framework-free." },
    { name: "react", message: "lib/core is framework-free." },
    { name: "react-dom", message: "lib/core is framework-free." },
    { name: "chokidar", message: "lib/core never touches the disk." },
  ],
  patterns: [
    { group: ["next/*", "react/*", "react-dom/*", "chokidar/*"], message: "lib/core is framework-free." },
    {
      group: ["@/lib/server/*", "@/app/*", "@/components/*", "**/server/**", "**/app/**", "**/components/**", "**/lib/shared/**", "@/lib/shared/*"],
      message: "lib/core depends on nothing above it.",
    },
    { group: ["node:*"], message: "lib/core is pure: no Node built-ins." },
  ],
};

/** Every module of lib/server starts with `import "server-only"`: none may end up in a browser bundle. */
const serverOnly = {
  rules: {
    "requires-server-only": {
      meta: { type: "problem", schema: [] },
      create(context) {
        return {
          Program(node) {
            const has = node.body.some((s) => s.type === "ImportDeclaration" && s.source.value === "server-only");
            if (!has) context.report({ node, message: 'lib/server modules import "server-only".' });
          },
        };
      },
    },
  },
};

/**
 * The layers of lib/server (docs/architecture.md, "The rooms"): each folder imports only from the
 * folders below it. `ingest/load-run.ts` and `ingest/scan.ts` apply reads to the model, so they sit
 * above it; views and audio are one layer (a view shows a recording's analysis, which reads the
 * scenario's evidence).
 */
const ABOVE = {
  source: ["ingest", "model", "cache", "setup", "views", "audio", "timing", "live", "http", "export", "ledger"],
  ingest: ["model", "cache", "setup", "views", "audio", "timing", "live", "http", "export", "ledger"],
  model: ["cache", "setup", "views", "audio", "timing", "live", "http", "export", "ledger", "ingest/load-run", "ingest/scan"],
  "ingest-apply": ["setup", "views", "audio", "timing", "live", "http", "export", "ledger"],
  cache: ["setup", "views", "audio", "timing", "live", "http", "export", "ledger"],
  setup: ["model", "cache", "views", "audio", "timing", "live", "http", "export", "ledger"],
  views: ["timing", "live", "http", "export", "ledger"],
  audio: ["timing", "live", "http", "export", "ledger"],
  timing: ["live", "http", "export", "ledger"],
  live: ["http", "export"],
};
const APPLIERS = ["lib/server/ingest/load-run.ts", "lib/server/ingest/scan.ts"];
const layer = (name) => {
  const folder = name === "ingest-apply" ? null : name;
  return {
    files: folder ? [`lib/server/${folder}/**/*.ts`] : APPLIERS,
    ...(folder === "ingest" ? { ignores: APPLIERS } : {}),
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: ABOVE[name].map((above) => ({
            group: [
              `../${above}`,
              `../${above}/*`,
              `@/lib/server/${above}`,
              `@/lib/server/${above}/*`,
              ...(above.includes("/") ? [`./${above.split("/")[1]}`] : []),
            ],
            message: `lib/server/${folder ?? "ingest's appliers"} sits below ${above} (docs/architecture.md, "The rooms"): move the shared piece down, or the caller up.`,
          })),
        },
      ],
    },
  };
};

/** No module-level empty Map, WeakMap or Set (state to be filled) in lib/server: caches live in processCaches() (one per process, not one per Next bundle). */
const moduleLevelCollection = ["Map", "WeakMap", "Set"].flatMap((name) => [
  `Program > VariableDeclaration > VariableDeclarator > NewExpression[callee.name='${name}'][arguments.length=0]`,
  `Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > NewExpression[callee.name='${name}'][arguments.length=0]`,
]);

export default tseslint.config(
  { ignores: [".next/**", "node_modules/**", "examples/**", "test-output/**", "playwright-report/**", "test-results/**", "bench/out/**", "next-env.d.ts"] },
  ...nextVitals,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["lib/server/**/*.ts"],
    plugins: { local: serverOnly },
    rules: { "local/requires-server-only": "error" },
  },
  ...Object.keys(ABOVE).map(layer),
  {
    files: ["lib/server/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...moduleLevelCollection.map((selector) => ({
          selector,
          message:
            "No module-level collection in lib/server: Next loads a module once per bundle. Keep caches in processCaches() (lib/server/process-caches.ts); constants as arrays or frozen objects.",
        })),
      ],
    },
  },
  {
    files: ["lib/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@/lib/server/*", "**/lib/server/**", "**/server/**", "node:*"], message: "lib/shared crosses to the browser: no server code." },
          ],
        },
      ],
    },
  },
  {
    files: ["lib/core/**/*.ts"],
    rules: { "no-restricted-imports": ["error", frameworkFree] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/server/*", "**/lib/server/**"], message: "Client leaves receive data as props." }] }],
    },
  },
  {
    // CommonJS on purpose (a worker's entry loads a bundle with `vm.Script`, see bin/prescan-thread.cjs): `require` is its import.
    files: ["bin/**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
