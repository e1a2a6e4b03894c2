/**
 * Full-page screenshots in light and dark mode, under test-output/screenshots (the closing notes
 * describe what they show). Each is taken once the page reports the colour scheme and has painted it.
 */
import type { Page } from "@playwright/test";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const SHOTS = fileURLToPath(new URL("../../../test-output/screenshots", import.meta.url));

export async function screenshots(page: Page, name: string, options: { fromTop?: boolean } = {}): Promise<void> {
  await mkdir(SHOTS, { recursive: true });
  // From the top, sticky parts (a player, the judge column) are drawn where they stick.
  if (options.fromTop) await page.evaluate(() => window.scrollTo(0, 0));
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.waitForFunction((dark) => matchMedia("(prefers-color-scheme: dark)").matches === dark, colorScheme === "dark", { timeout: 5_000 });
    // Two animation frames: the new scheme's styles are applied and painted.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.screenshot({ path: path.join(SHOTS, `${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
