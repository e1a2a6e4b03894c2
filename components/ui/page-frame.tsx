/** A top-level page's frame: the way back to all runs, the heading, an optional subtitle, the body. */
import Link from "next/link";
import type { ReactNode } from "react";
import { linkClass } from "@/components/compare/ui";

export function PageFrame({ id, title, subtitle, children }: { id: string; title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-4" aria-labelledby={`${id}-heading`}>
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/" className={linkClass}>
          ← All runs
        </Link>
      </nav>
      <div>
        <h1 id={`${id}-heading`} className="text-2xl font-semibold tracking-tight">
          {title}
        </h1>
        {subtitle}
      </div>
      {children}
    </section>
  );
}
