import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

import { layersPlugin } from "./eslint-layers.mjs";

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
  {
    // The rooms and their layers (docs/architecture.md): static, re-exported and dynamic imports alike.
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    plugins: { layers: layersPlugin },
    rules: { "layers/layers": "error" },
  },
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
    // CommonJS on purpose (a worker's entry loads a bundle with `vm.Script`, see bin/prescan-thread.cjs; the tests' S3 server runs
    // in a process of its own under --openssl-legacy-provider): `require` is its import.
    files: ["bin/**/*.cjs", "tests/helpers/**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
);
