/**
 * `relistRun` (lib/server/ingest/discover.ts): a run folder of the last scan is listed again only
 * when it is a real folder inside the results folder with no link on the way; the walk still
 * decides whether it is a run.
 */
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { relistRun } from "@/lib/server/ingest/discover";
import { tempDir } from "../../helpers/run-builder";

let root: string;
let outside: string;

beforeAll(async () => {
  root = await tempDir("ved-relist-");
  outside = await tempDir("ved-relist-outside-");
  await mkdir(join(root, "team", "eval_1", "d__1"), { recursive: true });
  await writeFile(join(root, "team", "eval_1", "run_args.json"), "{}");
  await mkdir(join(outside, "eval_2", "d__1"), { recursive: true });
  await writeFile(join(outside, "eval_2", "run_args.json"), "{}");
  // A link to a folder outside, and a folder on the way swapped for a link.
  await symlink(join(outside, "eval_2"), join(root, "eval_2"));
  await symlink(outside, join(root, "elsewhere"));
});

describe("relistRun", () => {
  it("lists a real folder inside the root, and the root itself", async () => {
    const found = await relistRun(root, join(root, "team", "eval_1"));
    expect(found?.entries.map((e) => e.name).sort()).toEqual(["d__1", "run_args.json"]);
    expect((await relistRun(root, root))?.dir).toBe(root);
  });

  it("refuses a link, a link on the way, a path outside the root, and dot components", async () => {
    expect(await relistRun(root, join(root, "eval_2")), "the run folder is a link").toBeNull();
    expect(await relistRun(root, join(root, "elsewhere", "eval_2")), "a folder on the way is a link").toBeNull();
    expect(await relistRun(root, join(outside, "eval_2")), "outside the root").toBeNull();
    expect(await relistRun(root, `${root}/team/../team/eval_1`), "a .. component").toBeNull();
    expect(await relistRun(root, `${root}x/eval_1`), "a sibling folder whose name starts like the root's").toBeNull();
    expect(await relistRun(root, join(root, "gone")), "a folder that is gone").toBeNull();
  });
});
