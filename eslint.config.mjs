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
    { group: ["@/lib/server/*", "@/app/*", "@/components/*", "**/server/**", "**/app/**", "**/components/**", "**/lib/shared/**", "@/lib/shared/*"], message: "lib/core depends on nothing above it." },
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
  {
    files: ["lib/shared/**/*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/server/*", "**/lib/server/**", "**/server/**", "node:*"], message: "lib/shared crosses to the browser: no server code." }] }] },
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
);
