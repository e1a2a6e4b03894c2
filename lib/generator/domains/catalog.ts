/** Product catalog for the retail scenarios. */
import type { Rng } from "../prng";

export interface Product {
  name: string;
  productId: string;
  options: Record<string, string[]>;
  price: [number, number];
}

export const PRODUCTS: Product[] = [
  { name: "T-Shirt", productId: "9523456873", options: { color: ["black", "white", "blue", "red"], size: ["S", "M", "L", "XL"] }, price: [18, 32] },
  {
    name: "Water Bottle",
    productId: "8310926033",
    options: { capacity: ["500ml", "750ml", "1000ml"], material: ["stainless steel", "glass", "plastic"] },
    price: [14, 48],
  },
  { name: "Desk Lamp", productId: "6817146515", options: { color: ["black", "silver", "white"], brightness: ["low", "medium", "high"] }, price: [35, 210] },
  { name: "Running Shoes", productId: "6938111410", options: { size: ["8", "9", "10", "11"], color: ["black", "grey", "white"] }, price: [95, 160] },
  {
    name: "Bluetooth Speaker",
    productId: "4768869376",
    options: { color: ["blue", "black", "green"], "battery life": ["10 hours", "20 hours"] },
    price: [60, 300],
  },
  { name: "Backpack", productId: "2524789262", options: { color: ["navy", "black", "olive"], size: ["small", "medium", "large"] }, price: [45, 120] },
  {
    name: "Mechanical Keyboard",
    productId: "1656367028",
    options: { switch: ["linear", "tactile", "clicky"], backlight: ["none", "white", "RGB"] },
    price: [80, 280],
  },
  { name: "Yoga Mat", productId: "4635925001", options: { thickness: ["4mm", "6mm", "8mm"], color: ["purple", "pink", "green"] }, price: [22, 95] },
  { name: "Coffee Maker", productId: "7996920482", options: { capacity: ["4 cups", "8 cups", "12 cups"], type: ["drip", "espresso"] }, price: [50, 340] },
  { name: "Headphones", productId: "6992792935", options: { type: ["on-ear", "over-ear", "in-ear"], color: ["black", "white", "red"] }, price: [70, 350] },
];

export interface Item {
  name: string;
  product_id: string;
  item_id: string;
  price: number;
  options: Record<string, string>;
}

export function makeItem(rng: Rng, product?: Product): Item {
  const p = product ?? rng.pick(PRODUCTS);
  const options: Record<string, string> = {};
  for (const [k, vs] of Object.entries(p.options)) options[k] = rng.pick(vs);
  return {
    name: p.name,
    product_id: p.productId,
    item_id: rng.digits(10),
    price: Math.round(rng.float(p.price[0], p.price[1]) * 100) / 100,
    options,
  };
}

/** Same product, different options (for exchanges). */
export function variantOf(item: Item, rng: Rng): Item {
  const product = PRODUCTS.find((p) => p.productId === item.product_id) ?? (PRODUCTS[0] as Product);
  const options = { ...item.options };
  const key = rng.pick(Object.keys(options));
  const choices = (product.options[key] ?? []).filter((v) => v !== options[key]);
  if (choices.length) options[key] = rng.pick(choices);
  return { ...item, item_id: rng.digits(10), options, price: Math.round((item.price + rng.float(-8, 15)) * 100) / 100 };
}

export function describeItem(item: Item): string {
  return `${Object.values(item.options).join(" ")} ${item.name}`;
}
