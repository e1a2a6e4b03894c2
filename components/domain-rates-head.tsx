import { rateLabel } from "@/lib/core/figures";
import type { RateName } from "@/lib/core/aggregates";

/** The head of a domains × rates table (the run page's, compare's): "Domain", then each rate by the harness's name. */
export function DomainRatesHead({
  rates,
  rowClass,
  domainClass,
  rateClass,
}: {
  rates: readonly RateName[];
  rowClass?: string;
  domainClass?: string;
  rateClass?: string;
}) {
  return (
    <thead>
      <tr className={rowClass}>
        <th scope="col" className={domainClass}>
          Domain
        </th>
        {rates.map((n) => (
          <th key={n} scope="col" className={rateClass}>
            {rateLabel(n)}
          </th>
        ))}
      </tr>
    </thead>
  );
}
