/** Likely causes computed from the evidence (§7), each linking to where the evidence is. */
import { Badge, type Tone } from "@/components/ui/badge";
import type { Hint } from "@/lib/core";

const OWNER_TONE: Record<Hint["owner"], Tone> = { agent: "bad", "user-sim": "info", ASR: "info", framework: "warn", judge: "warn" };

export function Hints({ hints }: { hints: Hint[] }) {
  if (hints.length === 0) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No automatic findings for this scenario.</p>;
  return (
    <ul className="space-y-1.5 text-sm" data-testid="hints">
      {hints.map((h, i) => (
        <li key={i} className="flex flex-wrap items-baseline gap-2" data-hint={h.kind}>
          <Badge tone={OWNER_TONE[h.owner]} title="likely owner (§7.12)">
            {h.owner}
          </Badge>
          <span className="min-w-0 flex-1 break-words">{h.message}</span>
          <a href={`#${h.evidence}`} className="text-xs whitespace-nowrap text-sky-700 hover:underline dark:text-sky-400">
            evidence ↓
          </a>
        </li>
      ))}
    </ul>
  );
}
