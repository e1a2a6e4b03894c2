/**
 * Failure reasons with nothing in common but their words (issue 42's probe): each 40–80 words drawn at
 * random from a vocabulary of made-up Latin words, so most words recur in a dozen reasons and no two
 * reasons are alike. The themes' worst case: every reason shares words with many others, none makes a theme.
 */
import type { ThemeItem } from "@/lib/core/themes";
import { rng } from "./planted-reasons";

export function randomReasons(n: number, seed = 42, vocabulary = 20_000): ThemeItem[] {
  const r = rng(seed);
  const words = Array.from({ length: vocabulary }, () =>
    Array.from({ length: 4 + Math.floor(r() * 6) }, () => String.fromCharCode(97 + Math.floor(r() * 26))).join(""),
  );
  return Array.from({ length: n }, (_, i) => {
    const length = 40 + Math.floor(r() * 41);
    const text = Array.from({ length }, () => words[Math.floor(r() * vocabulary)]).join(" ");
    return { scenario: `random__${i}`, source: "judge" as const, text: `${text[0]!.toUpperCase()}${text.slice(1)}.` };
  });
}
