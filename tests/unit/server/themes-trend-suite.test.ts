/**
 * The change in failure themes on the trends suite the browser tests use (tests/helpers/trend-suite.ts):
 * run 13 plants a failure in ten scenarios and also has the flaky scenario's timeout, which passed in run 12.
 * The planted failure is one new theme of its ten reasons; the timeout, which shares only "no"/"never"
 * and "conversation" with it, is a theme of its own.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { themeChanges } from "@/lib/server/http/themes";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { PLANTED, suiteRunName, writeTrendSuite } from "../../helpers/trend-suite";

let tmp = "";
let store: Store;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "ved-themes-trend-"));
  await writeTrendSuite(path.join(tmp, "results"));
  store = createStore(path.join(tmp, "results"), { watch: false });
  await store.scanned;
}, 60_000);

afterAll(async () => {
  if (store) await closeStore(store);
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("theme changes on the trends suite", () => {
  it("the planted failure is one new theme of its reasons, the flaky timeout another", async () => {
    const changes = await themeChanges((await store.openRun(suiteRunName(12)))!, (await store.openRun(suiteRunName(13)))!);
    const planted = changes.filter((c) => c.other && /No conversation took place/.test(c.other.quote));
    expect(planted.map((c) => [c.change, c.base?.count ?? 0, c.other?.count])).toEqual([["new", 0, PLANTED.length]]);
    const timeout = changes.filter((c) => c.other && /time limit/.test(c.other.quote));
    expect(timeout.map((c) => [c.change, c.other?.count])).toEqual([["new", 1]]);
  });
});
