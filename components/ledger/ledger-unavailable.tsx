/** The Triage card when the ledger cannot be opened: the run and scenario pages say why, the same way. */
import { Card } from "@/components/ui/card";

export function LedgerUnavailable({ reason }: { reason: string }) {
  return (
    <Card id="triage" title="Triage">
      <p role="alert" className="text-sm text-amber-900 dark:text-amber-200">
        {reason}
      </p>
    </Card>
  );
}
