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
    expect(msgs.some((m) => m.startsWith("no-restricted-imports") && m.includes("lib/server/model sits below views"))).toBe(true);
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
});
