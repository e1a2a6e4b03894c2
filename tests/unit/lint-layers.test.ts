/**
 * The layering docs/architecture.md states is enforced by `npm run lint`: an import that breaks it
 * fails, one that keeps it passes; and lib/server keeps no module-level state of its own.
 */
import { readdirSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function messagesFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const head = 'import "server-only";\n';

describe("lint: the layers of lib/server", () => {
  it("refuses the model importing a view", async () => {
    const msgs = await messagesFor("lib/server/model/probe.ts", `${head}import { runAnalysis } from "../views/run-views";\nexport const f = runAnalysis;\n`);
    expect(msgs.some((m) => m.startsWith("layers/layers") && m.includes("lib/server/model sits below views"))).toBe(true);
  });

  it("refuses an ingest reader importing the model, by alias too", async () => {
    const msgs = await messagesFor(
      "lib/server/ingest/probe.ts",
      `${head}import type { RunModel } from "@/lib/server/model/run-model";\nexport type T = RunModel;\n`,
    );
    expect(msgs.some((m) => m.includes("lib/server/ingest sits below model"))).toBe(true);
  });

  it("refuses a view importing the live store", async () => {
    const msgs = await messagesFor("lib/server/views/probe.ts", `${head}import { getStore } from "../live/store";\nexport const f = getStore;\n`);
    expect(msgs.some((m) => m.includes("lib/server/views sits below live"))).toBe(true);
  });

  it("lets a view import the model and the ingest readers", async () => {
    const code = `${head}import type { RunModel } from "../model/run-model";\nimport { readInside } from "../ingest/fs-safe";\nexport type T = RunModel;\nexport const f = readInside;\n`;
    expect(await messagesFor("lib/server/views/probe.ts", code)).toEqual([]);
  });

  it("refuses a module-level cache in lib/server and accepts a constant set", async () => {
    const bad = await messagesFor(
      "lib/server/views/probe.ts",
      `${head}const cache = new Map<string, number>();\nexport const get = (k: string) => cache.get(k);\n`,
    );
    expect(bad.some((m) => m.startsWith("no-restricted-syntax") && m.includes("processCaches()"))).toBe(true);
    expect(
      await messagesFor("lib/server/views/probe.ts", `${head}const KINDS = new Set(["a", "b"]);\nexport const has = (k: string) => KINDS.has(k);\n`),
    ).toEqual([]);
  });
  it("refuses a dynamic import() across the layers as it refuses a static one", async () => {
    const msgs = await messagesFor("lib/server/views/probe.ts", `${head}export const f = async () => (await import("../live/store")).getStore();\n`);
    expect(msgs.some((m) => m.includes("lib/server/views sits below live"))).toBe(true);
  });

  it("places every lib/server folder: notify below live, mcp above http, work at the bottom", async () => {
    const notify = await messagesFor("lib/server/notify/probe.ts", `${head}import { getStore } from "../live/store";\nexport const f = getStore;\n`);
    expect(notify.some((m) => m.includes("lib/server/notify sits below live"))).toBe(true);
    const work = await messagesFor("lib/server/work/probe.ts", `${head}export { runAnalysis } from "../views/run-views";\n`);
    expect(work.some((m) => m.includes("lib/server/work sits below views"))).toBe(true);
    const http = await messagesFor("lib/server/http/probe.ts", `${head}import { mcpServer } from "../mcp/server";\nexport const f = mcpServer;\n`);
    expect(http.some((m) => m.includes("lib/server/http sits below mcp"))).toBe(true);
    expect(await messagesFor("lib/server/mcp/probe.ts", `${head}import { json } from "../http/respond";\nexport const f = json;\n`)).toEqual([]);
  });
});

describe("lint: what crosses to the browser, and the pure core", () => {
  it("refuses a component reaching lib/server, statically or dynamically", async () => {
    const msgs = await messagesFor("components/probe.tsx", `export const f = async () => (await import("@/lib/server/live/store")).getStore();\n`);
    expect(msgs.some((m) => m.startsWith("layers/layers") && m.includes("Client leaves receive data as props"))).toBe(true);
  });

  it("refuses lib/shared importing server code or Node built-ins", async () => {
    const server = await messagesFor("lib/shared/probe.ts", `import { getStore } from "../server/live/store";\nexport const f = getStore;\n`);
    expect(server.some((m) => m.includes("lib/shared crosses to the browser"))).toBe(true);
    const fs = await messagesFor("lib/shared/probe.ts", `import { readFileSync } from "node:fs";\nexport const f = readFileSync;\n`);
    expect(fs.some((m) => m.includes("no Node built-ins"))).toBe(true);
  });

  it("keeps lib/core pure: no built-in, no framework, nothing above it, by import() too", async () => {
    const fs = await messagesFor("lib/core/probe.ts", `import { readFileSync } from "fs";\nexport const f = readFileSync;\n`);
    expect(fs.some((m) => m.includes("lib/core is pure"))).toBe(true);
    const react = await messagesFor("lib/core/probe.ts", `import { useState } from "react";\nexport const f = useState;\n`);
    expect(react.some((m) => m.includes("framework-free"))).toBe(true);
    const shared = await messagesFor("lib/core/probe.ts", `export const f = () => import("../shared/routes");\n`);
    expect(shared.some((m) => m.includes("lib/core depends on nothing above it"))).toBe(true);
    expect(await messagesFor("lib/core/probe.ts", `import { mdInline } from "./markdown";\nexport const f = mdInline;\n`)).toEqual([]);
  });
});

describe("lint: every folder has its place", () => {
  it("ranks every folder of lib/server, and refuses a file in a folder it does not rank, imports or not", async () => {
    const folders = readdirSync("lib/server", { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.length).toBeGreaterThan(10);
    const unranked: string[] = [];
    for (const folder of folders)
      if ((await messagesFor(`lib/server/${folder}/probe.ts`, `${head}export const f = 1;\n`)).some((m) => m.includes("has no place in the layers")))
        unranked.push(folder);
    expect(unranked, "add these to SERVER_RANKS (eslint-layers.mjs) and docs/architecture.md").toEqual([]);
    const msgs = await messagesFor("lib/server/unranked-room/probe.ts", `${head}export const f = 1;\n`);
    expect(msgs.some((m) => m.startsWith("layers/layers") && m.includes("lib/server/unranked-room has no place in the layers"))).toBe(true);
  });

  it("keeps the files at the top of lib/server leaves: they import no room", async () => {
    const msgs = await messagesFor("lib/server/probe.ts", `${head}import { getStore } from "./live/store";\nexport const f = getStore;\n`);
    expect(msgs.some((m) => m.includes("leaf at the top of lib/server"))).toBe(true);
    expect(await messagesFor("lib/server/probe.ts", `${head}import { isInside } from "./write-guard";\nexport const f = isInside;\n`)).toEqual([]);
  });

  it("lets lib/server render components in export/ only; elsewhere a type at most, and never app/", async () => {
    const value = `${head}import { overviewHtml } from "@/components/export/pages";\nexport const f = overviewHtml;\n`;
    expect((await messagesFor("lib/server/views/probe.ts", value)).some((m) => m.includes("renders components only in export/"))).toBe(true);
    expect(await messagesFor("lib/server/export/probe.ts", value)).toEqual([]);
    const type = `${head}import type { RunFacts } from "@/components/scenario/types";\nexport type T = RunFacts;\n`;
    expect(await messagesFor("lib/server/views/probe.ts", type)).toEqual([]);
    const page = await messagesFor("lib/server/http/probe.ts", `${head}export const f = async () => (await import("@/app/page")).default;\n`);
    expect(page.some((m) => m.includes("lib/server sits below the pages"))).toBe(true);
  });

  it("keeps lib/cli and lib/generator entry points nothing imports, app/ included", async () => {
    const app = await messagesFor("app/probe.tsx", `import { main } from "@/lib/cli/main";\nexport const f = main;\n`);
    expect(app.some((m) => m.startsWith("layers/layers") && m.includes("lib/cli is an entry point"))).toBe(true);
    const component = await messagesFor("components/probe.tsx", `export const f = () => import("@/lib/generator");\n`);
    expect(component.some((m) => m.includes("lib/generator is an entry point"))).toBe(true);
    const server = await messagesFor("lib/server/views/probe.ts", `${head}import { main } from "../../cli/main";\nexport const f = main;\n`);
    expect(server.some((m) => m.includes("lib/cli is an entry point"))).toBe(true);
    expect(await messagesFor("app/probe.tsx", `import { getStore } from "@/lib/server/live/store";\nexport const f = getStore;\n`)).toEqual([]);
  });

  it("keeps lib/generator on lib/core, and lib/cli off the pages", async () => {
    const gen = await messagesFor("lib/generator/probe.ts", `import { getStore } from "@/lib/server/live/store";\nexport const f = getStore;\n`);
    expect(gen.some((m) => m.includes("lib/generator writes harness folders"))).toBe(true);
    expect(await messagesFor("lib/generator/probe.ts", `import { mdInline } from "@/lib/core/markdown";\nexport const f = mdInline;\n`)).toEqual([]);
    const cli = await messagesFor("lib/cli/probe.ts", `import { overviewHtml } from "@/components/export/pages";\nexport const f = overviewHtml;\n`);
    expect(cli.some((m) => m.includes("lib/cli reaches the pages through lib/server"))).toBe(true);
  });

  it("refuses an import() of a computed name, which no rule could place", async () => {
    const msgs = await messagesFor("lib/server/views/probe.ts", `${head}export const f = (name: string) => import(\`../live/\${name}\`);\n`);
    expect(msgs.some((m) => m.includes("import() of a computed name"))).toBe(true);
  });
});
