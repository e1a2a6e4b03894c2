import { defineConfig } from "@playwright/test";

// Browser: Debian's chromium, never a downloaded one (no `playwright install`).
// Server: each spec starts the real CLI on its own temp results folder through
// tests/e2e/helpers/server.ts, so there is no global webServer here.
export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-output/playwright",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    browserName: "chromium",
    headless: true,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-gpu"],
    },
  },
});
