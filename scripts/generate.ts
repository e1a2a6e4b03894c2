/**
 * Writes a generated results tree to disk.
 *
 *   tsx scripts/generate.ts <out-dir> [--preset example|bench-1k|bench-10k|bench-100k|big-3000|year-365|year-730]
 *                           [--seed N] [--scenarios N] [--lean] [--no-speech] [--force]
 *
 * Runs asking for speech (the example's spoken calls) are spoken by espeak-ng when it is installed
 * (Debian: `apt-get install espeak-ng`); without it, or with --no-speech, tones of the same length stand in.
 */
import { mkdirSync, readdirSync, existsSync, utimesSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { iterateResults, preset, PRESETS, type PresetName } from "@/lib/generator";
import { espeakSynth, espeakVersion } from "@/lib/generator/espeak";
import { EXAMPLE_ESPEAK_VERSION } from "@/lib/generator/presets";

function usage(msg?: string): never {
  if (msg) console.error(`error: ${msg}`);
  console.error(`usage: tsx scripts/generate.ts <out-dir> [--preset ${PRESETS.join("|")}] [--seed N] [--scenarios N] [--lean] [--no-speech] [--force]`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  const o = {
    out: "",
    preset: "example" as PresetName,
    seed: undefined as number | undefined,
    scenarios: undefined as number | undefined,
    lean: undefined as boolean | undefined,
    speech: true,
    force: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const next = () => argv[++i] ?? usage(`${a} needs a value`);
    if (a === "--preset") {
      const p = next();
      if (!(PRESETS as readonly string[]).includes(p)) usage(`unknown preset ${p}`);
      o.preset = p as PresetName;
    } else if (a === "--seed") o.seed = Number.parseInt(next(), 10);
    else if (a === "--scenarios") o.scenarios = Number.parseInt(next(), 10);
    else if (a === "--lean") o.lean = true;
    else if (a === "--force") o.force = true;
    else if (a === "--no-speech") o.speech = false;
    else if (a === "--help" || a === "-h") usage();
    else if (a.startsWith("--")) usage(`unknown option ${a}`);
    else if (!o.out) o.out = a;
    else usage(`unexpected argument ${a}`);
  }
  if (!o.out) usage("missing <out-dir>");
  if (o.seed !== undefined && !Number.isFinite(o.seed)) usage("--seed must be an integer");
  if (o.scenarios !== undefined && !(o.scenarios > 0)) usage("--scenarios must be a positive integer");
  return o;
}

function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = resolve(args.out);
  if (existsSync(root) && readdirSync(root).length > 0 && !args.force) {
    usage(`${args.out} is not empty (use --force to write into it anyway)`);
  }
  const options = preset(args.preset, args.seed, args.scenarios, args.lean);
  if (args.speech && options.runs.some((r) => typeof r.audio === "object" && r.audio.speech)) {
    const version = espeakVersion();
    if (version) {
      options.speech = espeakSynth();
      if (args.preset === "example" && version !== EXAMPLE_ESPEAK_VERSION)
        console.warn(`warning: espeak-ng ${version}; the committed example was spoken by ${EXAMPLE_ESPEAK_VERSION}, so its WAVs will differ`);
    } else console.warn("warning: espeak-ng not found: the spoken calls are written as tones of the same length");
  }
  const t0 = Date.now();
  const made = new Set<string>();
  const timed: Array<[string, number]> = [];
  let files = 0;
  let bytes = 0;
  for (const f of iterateResults(options)) {
    const path = join(root, ...f.path.split("/"));
    const dir = dirname(path);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(path, f.content);
    if (f.mtimeMs !== undefined) timed.push([path, f.mtimeMs]);
    files++;
    bytes += typeof f.content === "string" ? Buffer.byteLength(f.content) : f.content.byteLength;
  }
  // Modification times last, so later writes into the same directory cannot disturb them.
  for (const [path, ms] of timed) utimesSync(path, ms / 1000, ms / 1000);
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  console.log(`${args.preset}: ${options.runs.length} run(s), ${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB in ${secs}s -> ${root}`);
}

try {
  main();
} catch (err) {
  console.error(err);
  process.exit(1);
}
