// Installs Debian packages the tests need, as .ci/run does (root and apt-get required; says why not otherwise).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { userInfo } from "node:os";

let updated = false;

export function aptInstall(packages) {
  if (userInfo().uid !== 0 || !existsSync("/usr/bin/apt-get")) {
    throw new Error(`cannot install ${packages.join(", ")}: not root or no apt-get (install it yourself)`);
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  if (!updated) {
    spawnSync("apt-get", ["update"], { stdio: "inherit", env });
    updated = true;
  }
  const res = spawnSync("apt-get", ["install", "-y", ...packages], { stdio: "inherit", env });
  if (res.status !== 0) throw new Error(`apt-get install ${packages.join(" ")} failed (exit ${res.status})`);
}
