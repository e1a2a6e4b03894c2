/**
 * Issue 56's pages to look at: a copy of the bundled example, and beside it a generated suite of six
 * nights (tests/helpers/nightly-suite.ts, under `six/`), served by one dashboard.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { nightName, writeNightlySuite } from "../../helpers/nightly-suite.ts";
import { startDashboard, type Dashboard } from "./server.ts";

const EXAMPLE = fileURLToPath(new URL("../../../examples/results", import.meta.url));

/** The example's last night (its newest run) and the night before. */
export const LAST_NIGHT = "nightly/eval_20261130_020000";
export const NIGHT_BEFORE = "nightly/eval_20261129_020000";
/** The six-night suite's last night and the night before. */
export const SIX_LAST = `six/${nightName(6)}`;
export const SIX_BEFORE = `six/${nightName(5)}`;

export interface LayoutFixture {
  dashboard: Dashboard;
  stop(): Promise<void>;
}

export async function layoutFixture(): Promise<LayoutFixture> {
  const root = await mkdtemp(path.join(tmpdir(), "ved-layout-"));
  await cp(EXAMPLE, root, { recursive: true, preserveTimestamps: true });
  await writeNightlySuite(path.join(root, "six"), "regression");
  const dashboard = await startDashboard(root);
  // The index going live bumps its version and an open page refreshes (its rows drawn again): the
  // measurements start once it is live.
  const deadline = Date.now() + 30_000;
  while (!(await dashboard.health()).watching) {
    if (Date.now() > deadline) throw new Error("the dashboard's watcher did not go live in 30 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    dashboard,
    stop: async () => {
      await dashboard.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/**
 * A spec's "layout at a desktop and a phone (issue 56)" block: the layout fixture is served from
 * before its first test to after its last. `tests` declares the tests; `url()` is the served dashboard's address.
 */
export function describeLayout(tests: (url: () => string) => void): void {
  test.describe("layout at a desktop and a phone (issue 56)", () => {
    let fx: LayoutFixture;
    test.beforeAll(async () => {
      fx = await layoutFixture();
    });
    test.afterAll(async () => {
      await fx?.stop();
    });
    tests(() => fx.dashboard.url);
  });
}

export const runPath = (id: string) => `runs/${encodeURIComponent(id)}`;
