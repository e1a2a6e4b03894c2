/**
 * A restaurant's menu as a JSON prompt of about `kb` KB (pretty-printed: ~66 lines per KB), different
 * for each seed: two seeds give a pair of prompts that share almost no line, the setup diff's worst
 * case (issue 42: jsdiff took seconds per 100 KB pair, minutes at 400 KB).
 */
export function menuPrompt(seed: number, kb: number): string {
  let s = seed >>> 0;
  const random = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const items: unknown[] = [];
  let size = 0;
  while (size < kb * 1024) {
    const item = {
      id: `item-${Math.floor(random() * 1e6)}`,
      name: `Dish ${Math.floor(random() * 1e5)}`,
      price: Math.round(random() * 5000) / 100,
      tags: ["spicy", "vegan"].filter(() => random() < 0.5),
      available: random() < 0.8,
    };
    size += JSON.stringify(item, null, 2).length + 6;
    items.push(item);
  }
  return `You are the ordering assistant of a restaurant. The menu:\n${JSON.stringify({ restaurant: "Bistro", items }, null, 2)}`;
}
