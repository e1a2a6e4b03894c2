/** The setup diff (issue 37): a 50 KB prompt with a few edited lines, diffed by lib/core/setup (jsdiff lines). */
import { lineDiff } from "@/lib/core/setup/diff";

export function setupFigures(report: (label: string, value: string) => void, repeat = 9): void {
  const lines = Array.from(
    { length: 800 },
    (_, i) => `Rule ${i}: when the caller asks about order ${i * 7}, check the policy section ${i % 40} before acting.`,
  );
  const a = lines.join("\n");
  const edited = lines.map((l, i) => (i % 97 === 0 ? `${l} Always confirm first.` : l));
  edited.splice(400, 0, "A new paragraph about refunds.");
  const b = edited.join("\n");
  const times: number[] = [];
  let shown = 0;
  for (let i = 0; i < repeat; i++) {
    const t = performance.now();
    shown = lineDiff(a, b).lines.length;
    times.push(performance.now() - t);
  }
  const med = [...times].sort((x, y) => x - y)[Math.floor(times.length / 2)] as number;
  report(
    `setup diff of a ${Math.round(a.length / 1024)} KB prompt (9 lines edited, 1 added; ${shown} lines shown)`,
    `${med.toFixed(1)} ms (${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)} over ${repeat})`,
  );
}
