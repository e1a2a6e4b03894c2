/**
 * The layering docs/architecture.md states is enforced by `npm run lint`: an import that breaks it
 * fails, one that keeps it passes; and lib/server keeps no module-level state of its own.
 */
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
