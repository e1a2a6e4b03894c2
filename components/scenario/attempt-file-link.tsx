"use client";

import { useStaticMode } from "@/components/ui/static-mode";
import { count } from "@/components/format";

/** A file a discarded attempt kept, opened from the API as stored (read-only); plain text in a static export, which has no API. */
export function AttemptFileLink({ href, path, size }: { href: string; path: string; size: number }) {
  const isStatic = useStaticMode();
  const label = `${path} (${count(size)} B)`;
  if (isStatic) return <span className="font-mono">{label}</span>;
  return (
    <a href={href} target="_blank" rel="noreferrer" className="font-mono text-sky-700 hover:underline dark:text-sky-400">
      {label}
    </a>
  );
}
