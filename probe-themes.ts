import { buildThemes } from "@/lib/core/themes";
import { randomReasons } from "./tests/helpers/random-reasons";
import { themeItems } from "./tests/helpers/theme-items";
const n = Number(process.argv[2]);
const kind = process.argv[3];
const items = kind === "random" ? randomReasons(n) : themeItems(n);
const t = performance.now();
const th = buildThemes(items);
console.log(kind, n, Math.round(performance.now() - t), "ms", th.length, "themes", Math.round(process.memoryUsage().rss / 2 ** 20), "MB");
