/** metrics.json keys this dashboard does not interpret yet (issue 57), each with its value as bounded inert text: nothing a newer harness writes is lost. */
import type { UnknownFields } from "@/lib/core/metrics-fields";

export function UnknownFieldsList({ fields }: { fields: UnknownFields }) {
  return (
    <section aria-label="Fields not interpreted" className="space-y-1 text-sm" data-testid="unknown-fields">
      <h3 className="text-xs font-medium text-amber-800 dark:text-amber-300">
        metrics.json fields this dashboard does not interpret yet ({fields.count}
        {fields.count > fields.fields.length ? `, the first ${fields.fields.length} listed` : ""})
      </h3>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5 text-xs">
        {fields.fields.map((f) => (
          <div key={f.key} className="contents" data-unknown-field={f.key}>
            <dt className="font-mono break-all text-zinc-600 dark:text-zinc-400">{f.key}</dt>
            <dd className="font-mono break-all whitespace-pre-wrap">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
