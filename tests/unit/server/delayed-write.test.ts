/**
 * The index cache's delayed writes (lib/server/cache/delayed-write.ts): a burst of changes is
 * written once, after the last; cancelled, nothing is written; a process that exits before the delay
 * still writes, with the change seen as pending.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DelayedWrite } from "@/lib/server/cache/delayed-write";
import { waitFor } from "../../helpers/wait";

const ROOT = join(__dirname, "../../..");
const TSX = join(ROOT, "node_modules/tsx/dist/cli.mjs");

describe("a delayed write", () => {
  it("writes a burst once, after the last change, and nothing once cancelled", async () => {
    let writes = 0;
    const delayed = new DelayedWrite(30, () => writes++);
    delayed.soon();
    delayed.soon();
    expect(delayed.pending).toBe(true);
    await waitFor(() => (writes > 0 ? writes : null), 2_000, "the burst written");
    await new Promise((r) => setTimeout(r, 60));
    expect(writes, "once for the burst").toBe(1);
    expect(delayed.pending).toBe(false);
    delayed.soon();
    delayed.cancel();
    await new Promise((r) => setTimeout(r, 60));
    expect(writes, "nothing after a cancel").toBe(1);
  });

  it("writes at exit when the process stops within the delay", () => {
    const script = `import { DelayedWrite } from ${JSON.stringify(join(ROOT, "lib/server/cache/delayed-write.ts"))};
const delayed = new DelayedWrite(60_000, () => process.stdout.write("timer\\n"), () => process.stdout.write("exit pending=" + delayed.pending + "\\n"));
delayed.soon();
process.exit(0);`;
    const dir = mkdtempSync(join(tmpdir(), "ved-delayed-write-"));
    try {
      const file = join(dir, "exit.mts");
      writeFileSync(file, script);
      const out = execFileSync(process.execPath, [TSX, "--conditions=react-server", "--tsconfig", join(ROOT, "tsconfig.json"), file], {
        cwd: ROOT,
        encoding: "utf8",
      });
      expect(out.trim()).toBe("exit pending=true");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
