import { scenarioHref } from "@/components/format";

/** Links to the scenarios a figure rests on (the first few, then a count). */
export function ScenarioLinks({ runId, names, turn, max = 6 }: { runId: string; names: string[]; turn?: number; max?: number }) {
  return (
    <span className="space-x-1">
      {names.slice(0, max).map((n) => (
        <a
          key={n}
          href={`${scenarioHref(runId, n)}${turn !== undefined ? `#turn-${turn}` : ""}`}
          className="font-mono text-sky-700 hover:underline dark:text-sky-400"
          data-testid="scenario-link"
        >
          {n}
        </a>
      ))}
      {names.length > max && <span className="text-zinc-600">+{names.length - max} more</span>}
    </span>
  );
}
