/**
 * Writes the commands and their flags into docs/cli.md, between its `usage:start` and `usage:end`
 * marks, from the CLI's one usage table (lib/cli/usage.ts). `npx tsx scripts/cli-doc.ts`;
 * tests/unit/cli/usage.test.ts fails while the doc and the table differ.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { usageMarkdown } from "../lib/cli/usage";

const DOC = fileURLToPath(new URL("../docs/cli.md", import.meta.url));

/** The doc with its marked region made from the table. */
export function withUsage(doc: string): string {
  const m = /(<!-- usage:start[^>]*-->\n)[\s\S]*?(<!-- usage:end -->)/.exec(doc);
  if (!m) throw new Error("docs/cli.md has no <!-- usage:start --> … <!-- usage:end --> region");
  return doc.slice(0, m.index) + m[1] + "\n" + usageMarkdown() + m[2] + doc.slice(m.index + m[0].length);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writeFileSync(DOC, withUsage(readFileSync(DOC, "utf8")));
