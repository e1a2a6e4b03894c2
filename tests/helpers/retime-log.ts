/**
 * A log's own clock moved: every line's leading `YYYY-MM-DD HH:MM:SS` (local time) shifted so that the
 * last one reads `endMs`. Tests that fake a live run by copying a fixture use it, since the dashboard
 * reads a run's activity from its log's words as well as its file times (`activityOf`).
 */
import { readFile, writeFile } from "node:fs/promises";

const STAMP = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)/gm;

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function format(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

function parse(m: RegExpExecArray | string[]): number {
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  return new Date(y, mo - 1, d, h, mi, s).getTime();
}

export function retimeText(text: string, endMs: number): string {
  let last: number | null = null;
  for (const m of text.matchAll(STAMP)) last = parse(m);
  if (last === null) return text;
  const delta = Math.round((endMs - last) / 1000) * 1000;
  return text.replace(STAMP, (...m: string[]) => format(parse(m) + delta));
}

export async function retimeFile(path: string, endMs: number): Promise<void> {
  await writeFile(path, retimeText(await readFile(path, "utf8"), endMs));
}
