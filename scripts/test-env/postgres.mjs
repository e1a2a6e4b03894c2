// A throwaway PostgreSQL server for the ledger tests: Debian's initdb and pg_ctl into a temporary
// folder, on a free loopback port, trust authentication, fsync off; stop() ends it and removes the
// folder. Installs Debian's postgresql first when its binaries are missing and apt-get is usable.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { freePortSync } from "./free-port.mjs";
import { aptInstall } from "./apt.mjs";

const ROOT_DIR = "/usr/lib/postgresql";

function binDir() {
  if (!existsSync(ROOT_DIR)) return null;
  const versions = readdirSync(ROOT_DIR)
    .filter((v) => existsSync(join(ROOT_DIR, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(ROOT_DIR, versions[0], "bin") : null;
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root (initdb and postgres refuse root). */
function run(bin, args) {
  const asRoot = userInfo().uid === 0;
  const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  const res = spawnSync(cmd, argv, { encoding: "utf8", cwd: tmpdir() });
  if (res.status !== 0) throw new Error(`${bin.split("/").pop()} failed (exit ${res.status}): ${(res.stderr || res.stdout || "").trim().slice(-2000)}`);
  return res.stdout;
}

export function startTemporaryPostgres() {
  let bin = binDir();
  if (bin === null) {
    console.log("npm test: no PostgreSQL server binaries here; installing Debian's postgresql for the ledger tests");
    aptInstall(["postgresql"]);
    bin = binDir();
    if (bin === null) throw new Error("PostgreSQL is not installed and could not be installed: set VOICE_EVAL_TEST_PG_URL");
  }
  const dir = mkdtempSync(join(tmpdir(), "ved-test-pg-"));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, "data");
  const port = freePortSync();
  run(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "ved", "--no-sync", "-E", "UTF8"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  run(join(bin, "pg_ctl"), ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"]);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "-t", "20", "stop"]);
    } catch (e) {
      console.error(`npm test: stopping the temporary PostgreSQL: ${e.message}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    run(join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "ved", "ved_ledger_test"]);
  } catch (e) {
    stop();
    throw e;
  }
  console.log(`npm test: started a temporary PostgreSQL ${bin.split("/").at(-2)} on 127.0.0.1:${port} for the ledger tests (removed at exit)`);
  return { url: `postgres://ved:ved@127.0.0.1:${port}/ved_ledger_test`, stop };
}
