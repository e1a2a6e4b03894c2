/**
 * `npm start` serves the checkout's code (issue 46): the build records what it was made from, and a
 * change to the sources (a `git pull`) builds again, saying what changed; an unchanged checkout does
 * not. The hash of the code that derives persisted data moves with lib/core and lib/server, not with
 * a component. Run against a small project folder with a stand-in for `next build`.
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStatus, ensureBuild } from "@/scripts/ensure-build.mjs";
import { derivedDataHash } from "@/scripts/source-hash.mjs";
import { tempDir } from "../../helpers/run-builder";

let root: string;
let fakeNext: string;
const builds = async () => Number(await readFile(join(root, "builds.txt"), "utf8").catch(() => "0"));

beforeAll(async () => {
  root = await tempDir("ved-build-stamp-");
  for (const dir of ["app", "components", "lib/core", "lib/server"]) await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, "app", "page.tsx"), "export default function Page() { return null; }\n");
  await writeFile(join(root, "components", "card.tsx"), "export const Card = 1;\n");
  await writeFile(join(root, "lib", "core", "rule.ts"), "export const THRESHOLD = 3;\n");
  await writeFile(join(root, "lib", "server", "reader.ts"), "export const read = 1;\n");
  await writeFile(join(root, "package.json"), "{}\n");
  // `next build`'s stand-in: makes .next/BUILD_ID and counts its runs.
  fakeNext = join(root, "fake-next.mjs");
  await writeFile(
    fakeNext,
    `import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
if (process.argv[2] !== "build") process.exit(3);
mkdirSync(".next", { recursive: true });
writeFileSync(".next/BUILD_ID", String(Date.now()));
let n = 0; try { n = Number(readFileSync("builds.txt", "utf8")); } catch {}
writeFileSync("builds.txt", String(n + 1));
`,
  );
});
afterAll(async () => rm(root, { recursive: true, force: true }));

describe("npm start's build", () => {
  it("is made when missing, kept while the checkout is the build's, made again after a source change, saying why", async () => {
    const said: string[] = [];
    const log = (line: string) => said.push(line);
    expect(buildStatus(root)).toMatchObject({ upToDate: false, reason: "no production build yet" });
    expect(ensureBuild({ root, log, nextBin: fakeNext })).toBe(true);
    expect(await builds()).toBe(1);
    expect(said.pop()).toContain("no production build yet");

    expect(buildStatus(root).upToDate, "the build is the checkout's").toBe(true);
    expect(ensureBuild({ root, log, nextBin: fakeNext })).toBe(true);
    expect(await builds(), "nothing changed: no build").toBe(1);

    // A `git pull` changes a rule: the old build must not be served.
    await writeFile(join(root, "lib", "core", "rule.ts"), "export const THRESHOLD = 4;\n");
    expect(buildStatus(root)).toMatchObject({ upToDate: false, reason: "the sources changed since the build (lib)" });
    expect(ensureBuild({ root, log, nextBin: fakeNext })).toBe(true);
    expect(await builds(), "built again").toBe(2);
    expect(said.pop()).toContain("the sources changed since the build (lib)");
    expect(buildStatus(root).upToDate).toBe(true);
  });

  it("`npm run build` builds whatever the stamp says, and records what it was made from", async () => {
    const before = await builds();
    expect(ensureBuild({ root, log: () => {}, nextBin: fakeNext, always: true })).toBe(true);
    expect(await builds()).toBe(before + 1);
    expect(buildStatus(root).upToDate).toBe(true);
  });

  it("a build that does not say what it was made from is made again", async () => {
    await rm(join(root, ".next", "voice-eval-build.json"));
    expect(buildStatus(root)).toMatchObject({ upToDate: false, reason: "the build does not say what it was made from" });
  });

  it("a failed build is said, and no stamp claims it", async () => {
    await writeFile(join(root, "app", "page.tsx"), "changed\n");
    const failing = join(root, "failing-next.mjs");
    await writeFile(failing, "process.exit(1);\n");
    expect(ensureBuild({ root, log: () => {}, nextBin: failing })).toBe(false);
    expect(buildStatus(root).upToDate).toBe(false);
  });
});

describe("the code that derives persisted data", () => {
  it("is another when a rule or a reader changes, the same when only a component does", async () => {
    const before = derivedDataHash(root);
    await writeFile(join(root, "components", "card.tsx"), "export const Card = 2;\n");
    expect(derivedDataHash(root), "a component derives nothing that is kept").toBe(before);
    await writeFile(join(root, "lib", "server", "reader.ts"), "export const read = 2;\n");
    const afterReader = derivedDataHash(root);
    expect(afterReader).not.toBe(before);
    await writeFile(join(root, "lib", "core", "rule.ts"), "export const THRESHOLD = 5;\n");
    expect(derivedDataHash(root)).not.toBe(afterReader);
  });
});
