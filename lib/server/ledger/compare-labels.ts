/** Labels for the compare page: per scenario, the other run's label, else the baseline's. */
import "server-only";
import type { CompareLabel } from "@/lib/shared/ledger";
import { serverDeps } from "./api";

export async function compareLabels(baseId: string, otherId: string): Promise<Map<string, CompareLabel>> {
  const out = new Map<string, CompareLabel>();
  try {
    const { ledger } = await serverDeps();
    const [base, other] = await Promise.all([ledger.listLabels({ run: baseId }), ledger.listLabels({ run: otherId })]);
    for (const l of [...base, ...other]) out.set(l.scenario, { cause: l.cause, status: l.status, ref: l.ref, run: l.run });
  } catch {
    // No ledger: the table shows no labels.
  }
  return out;
}
