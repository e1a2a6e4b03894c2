/** Synthetic callers: names, contact details and identifiers. */
import type { Rng } from "./prng";

const FIRST = [
  "Yusuf",
  "Olga",
  "Keiko",
  "Jonas",
  "Quinn",
  "Amara",
  "Mateo",
  "Priya",
  "Lena",
  "Omar",
  "Sofia",
  "Ethan",
  "Noor",
  "Lucas",
  "Mei",
  "Isabel",
  "Daniel",
  "Aisha",
  "Hiro",
  "Chloe",
  "Ravi",
  "Elena",
  "Marcus",
  "Fatima",
  "Liam",
  "Ingrid",
  "Tomas",
  "Zara",
  "Kofi",
  "Nadia",
];
const LAST = [
  "Moreau",
  "Castillo",
  "Brennan",
  "Dubois",
  "Nakamura",
  "Okafor",
  "Silva",
  "Kowalski",
  "Haddad",
  "Lindqvist",
  "Patel",
  "Rossi",
  "Garcia",
  "Novak",
  "Kim",
  "Jensen",
  "Fischer",
  "Ahmed",
  "Lopez",
  "Schmidt",
  "Tanaka",
  "Mensah",
  "Ivanova",
  "Costa",
  "Murphy",
  "Sato",
  "Wright",
  "Hughes",
];
const STREETS = ["Maple Drive", "Cedar Lane", "Elm Street", "Hillcrest Road", "Lakeview Avenue", "Oak Court", "River Road", "Sunset Boulevard"];
const CITIES: Array<[string, string, string]> = [
  ["Austin", "TX", "78701"],
  ["Denver", "CO", "80202"],
  ["Seattle", "WA", "98101"],
  ["Columbus", "OH", "43215"],
  ["Phoenix", "AZ", "85004"],
  ["Charlotte", "NC", "28202"],
  ["Portland", "OR", "97204"],
  ["Fort Worth", "TX", "76102"],
  ["San Diego", "CA", "92101"],
  ["Philadelphia", "PA", "19103"],
  ["Chicago", "IL", "60601"],
  ["Jacksonville", "FL", "32202"],
];

export interface Address {
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
}

export interface Persona {
  first: string;
  last: string;
  full: string;
  userId: string;
  email: string;
  phone: string;
  zip: string;
  address: Address;
}

export function makePersona(rng: Rng): Persona {
  const first = rng.pick(FIRST);
  const last = rng.pick(LAST);
  const [city, state, zipBase] = rng.pick(CITIES);
  const zip = zipBase.slice(0, 3) + String(rng.int(10, 99));
  const num = rng.int(1000, 9999);
  return {
    first,
    last,
    full: `${first} ${last}`,
    userId: `${first.toLowerCase()}_${last.toLowerCase()}_${num}`,
    email: `${first.toLowerCase()}.${last.toLowerCase()}${rng.int(1, 99)}@example.com`,
    phone: `${rng.int(201, 989)}-${rng.int(200, 999)}-${String(rng.int(0, 9999)).padStart(4, "0")}`,
    zip,
    address: {
      address1: `${rng.int(10, 9899)} ${rng.pick(STREETS)}`,
      address2: rng.chance(0.4) ? `Suite ${rng.int(100, 999)}` : "",
      city,
      state,
      country: "USA",
      zip,
    },
  };
}

/** Read an identifier one character at a time, as the voice prompts ask callers to do. */
export function spell(id: string): string {
  return id
    .replace(/^#/, "")
    .split("")
    .map((c) => (c === "_" ? "underscore" : c === "@" ? "at" : c === "." ? "dot" : c))
    .join(" ");
}

/** A typical mistranscription of an identifier: one dropped or swapped digit/letter. */
export function mishear(id: string, rng: Rng): string {
  const chars = id.split("");
  const positions = chars.map((c, i) => (/[0-9A-Z]/.test(c) ? i : -1)).filter((i) => i >= 0);
  if (positions.length < 2) return id + "0";
  const i = rng.pick(positions);
  const c = chars[i] as string;
  if (/[0-9]/.test(c)) chars[i] = String((Number(c) + rng.int(1, 8)) % 10);
  else chars[i] = c === "B" ? "D" : c === "M" ? "N" : c === "F" ? "S" : "E";
  return chars.join("");
}

export function money(x: number): string {
  return x.toFixed(2);
}
