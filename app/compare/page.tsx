import Link from "next/link";
import { runHref } from "@/components/format";

// Placeholder until the comparison view is built; it only echoes the picked runs.
export const dynamic = "force-dynamic";

export default async function ComparePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? "";
  const base = one(sp.base);
  const runs = one(sp.runs)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <section className="space-y-3">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link href="/" className="text-sky-700 hover:underline dark:text-sky-400">
          ← All runs
        </Link>
      </nav>
      <h1 className="text-2xl font-semibold tracking-tight">Compare runs</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">The side-by-side comparison is not built yet. Picked runs:</p>
      <ul className="list-disc pl-6 text-sm">
        {base && (
          <li>
            <Link href={runHref(base)} className="font-mono text-sky-700 hover:underline dark:text-sky-400">
              {base}
            </Link>{" "}
            (baseline)
          </li>
        )}
        {runs.map((id) => (
          <li key={id}>
            <Link href={runHref(id)} className="font-mono text-sky-700 hover:underline dark:text-sky-400">
              {id}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
