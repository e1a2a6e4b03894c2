import path from "node:path";

// Reads the results folder at request time; never prerender with build-time env.
export const dynamic = "force-dynamic";

export default function HomePage() {
  const dir = process.env.RESULTS_DIR;
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold tracking-tight">Runs</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Results folder: <code className="font-mono">{dir ? path.basename(dir) : "(not set)"}</code>
      </p>
    </section>
  );
}
