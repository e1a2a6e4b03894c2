// The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium, installed
// with apt-get when missing (as .ci/run does). Playwright never downloads a browser.
import { existsSync } from "node:fs";
import { aptInstall } from "./apt.mjs";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";

export function ensureChromium(configured) {
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH=${configured} does not exist`);
    return configured;
  }
  if (!existsSync(DEBIAN_CHROMIUM)) {
    console.log("npm test: no Chromium at /usr/bin/chromium; installing Debian's chromium for the browser tests");
    aptInstall(["chromium"]);
  }
  return DEBIAN_CHROMIUM;
}
