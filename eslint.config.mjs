import nextVitals from "eslint-config-next/core-web-vitals";
import tseslint from "typescript-eslint";

const frameworkFree = {
  paths: [
    { name: "next", message: "lib/core is framework-free." },
    { name: "react", message: "lib/core is framework-free." },
    { name: "react-dom", message: "lib/core is framework-free." },
    { name: "chokidar", message: "lib/core never touches the disk." },
    { name: "fs", message: "lib/core never touches the disk." },
    { name: "node:fs", message: "lib/core never touches the disk." },
    { name: "fs/promises", message: "lib/core never touches the disk." },
    { name: "node:fs/promises", message: "lib/core never touches the disk." },
    { name: "path", message: "lib/core takes text, not paths." },
    { name: "node:path", message: "lib/core takes text, not paths." },
  ],
  patterns: [
    { group: ["next/*", "react/*", "react-dom/*", "chokidar/*"], message: "lib/core is framework-free." },
    { group: ["@/lib/server/*", "@/app/*", "@/components/*"], message: "lib/core depends on nothing above it." },
  ],
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
    files: ["lib/core/**/*.ts"],
    rules: { "no-restricted-imports": ["error", frameworkFree] },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/lib/server/*"], message: "Client leaves receive data as props." }] }],
    },
  },
);
