/** Hostile paths: ids and names are only looked up in the index; links out of the results folder are not followed. */
import { cp, mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareRoute, runRoute } from "@/lib/server/http/api";
import { closeStore, createStore, type Store } from "@/lib/server/live/store";
import { tempDir } from "../../helpers/run-builder";

const HARNESS = join(__dirname, "../../fixtures/harness");
const RUN = "eval_20260810_031700";
const SCENARIO = "tau2_airline__12";

export const PROBES = [
  "..",
  "../..",
  "%2e%2e",
  "%2E%2E",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "..%2f..%2fetc%2fpasswd",
  "..%5c..%5cetc%5cpasswd",
  "%5c..%5c",
  "....//....//etc/passwd",
  "..\\..\\windows\\win.ini",
  "C:%5cWindows%5cwin.ini",
  "%2fetc%2fpasswd",
  "%2F",
  "%2f%2f",
  "a%00b",
  "%00",
  "metrics.json%00.txt",
  "x".repeat(5000),
  "%252e%252e",
  "%252e%252e%252fetc",
  "..;",
  ".",
  "%2e",
  "~",
  "~root",
  "file:%2f%2f%2fetc%2fpasswd",
  "%c0%ae%c0%ae",
  "%c0%af",
  "%e0%80%ae",
  "%uff0e%uff0e",
  "%",
  "%zz",
  "%%32%65",
  "outside-link",
  `${RUN}%2f..%2f..`,
  `${RUN}%2f${SCENARIO}%2f..%2f..%2f..`,
  "%2e%2e%5c%2e%2e",
  "nope",
  "scenarios",
  "summary.txt",
  "%20..",
  "..%20",
  encodeURIComponent("<script>alert(1)</script>"),
  encodeURIComponent("/".repeat(40)),
  "%ef%bc%8e%ef%bc%8e",
];

let store: Store;
beforeAll(async () => {
  const root = await tempDir();
  const outside = await tempDir("ved-outside-");
  await cp(join(HARNESS, "small-2-domains", "run", RUN), join(root, RUN), { recursive: true });
  // A complete run outside the results folder, linked in as a run and as a scenario.
  await cp(join(HARNESS, "judge-only", "run", "eval_20260803_223300"), join(outside, "secret-run"), { recursive: true });
  await symlink(join(outside, "secret-run"), join(root, "outside-link"));
  await symlink(join(outside, "secret-run", "qa__trivia_0"), join(root, RUN, "linked_scenario__x"));
  await mkdir(join(root, RUN, "tau2_airline__99"));
  await symlink("/etc/passwd", join(root, RUN, "tau2_airline__99", "metrics.json"));
  await writeFile(join(root, RUN, "tau2_airline__99", "bridge_log.txt"), "");
  store = createStore(root, { watch: false });
  await store.scanned;
});
afterAll(async () => closeStore(store));

const routes = (p: string) => [
  `/api/runs/${p}`,
  `/api/runs/${p}/summary.txt`,
  `/api/runs/${p}/scenarios`,
  `/api/runs/${RUN}/${p}`,
  `/api/runs/${RUN}/scenarios/${p}`,
  `/api/runs/${RUN}/scenarios/${p}/audio`,
  `/api/runs/${RUN}/scenarios/${SCENARIO}/${p}`,
  `/api/runs/${RUN}/scenarios/${SCENARIO}/files/${p}`,
  `/api/runs/${RUN}/scenarios/${SCENARIO}/files/bot_logs_agent/${p}`,
  `/api/runs/${RUN}/scenarios/tau2_airline__99/files/${p}`,
  `/api/runs/${RUN}/scenarios/${SCENARIO}/tool-calls/${p}`,
];

describe("path probes", () => {
  it(`answers ${PROBES.length} hostile segments on every route with 400 or 404 and nothing from outside`, async () => {
    expect(PROBES.length).toBeGreaterThanOrEqual(40);
    let sent = 0;
    const bad: string[] = [];
    for (const probe of PROBES) {
      for (const path of routes(probe)) {
        sent++;
        const request = new Request(`http://localhost${path}`);
        const res = await runRoute(store, request);
        const body = await res.text();
        // The URL parser resolves dot segments (also %2e%2e) before any handler runs: such a request is
        // for the resolved path (routed elsewhere, or a legitimate resource), so only leaks matter for it.
        const normalized = new URL(request.url).pathname !== path;
        const legit = path === `/api/runs/${RUN}/summary.txt` || path === `/api/runs/${RUN}/scenarios`;
        if (!normalized && !legit && ![400, 404].includes(res.status)) bad.push(`${res.status} ${path.slice(0, 120)}`);
        if (body.includes("root:") || body.includes("secret-run") || body.includes("qa__trivia_0")) bad.push(`leak ${path.slice(0, 120)}`);
      }
      sent++;
      const cmp = await compareRoute(store, new Request(`http://localhost/api/compare?base=${probe}&runs=${RUN}`));
      if (![400, 404].includes(cmp.status)) bad.push(`${cmp.status} compare ${probe.slice(0, 60)}`);
    }
    expect(bad).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(40 * 12);
  });

  it("does not follow symbolic links out of the results folder", async () => {
    const linkedFile = await runRoute(store, new Request(`http://localhost/api/runs/${RUN}/scenarios/tau2_airline__99/files/metrics.json`));
    expect(linkedFile.status).toBe(404);
    expect(await linkedFile.text()).not.toContain("root:");
    expect([...store.index.runs.keys()]).toEqual([RUN]);
    const run = store.index.runs.get(RUN)!;
    expect(run.scenarios.has("linked_scenario__x")).toBe(false);
    const linked = run.scenarios.get("tau2_airline__99");
    expect(linked?.record).toBeNull();
    expect(linked?.problems[0]).toMatchObject({ file: "metrics.json", kind: "unsafe", message: "a symbolic link (not followed)" });
  });
});
