/**
 * Secrets out of everything the dashboard shows (issue 42): `run_args.json` carries whatever people
 * pass (`--judge-url https://alice:pw@host`, `extra_headers: {Authorization: "Bearer sk-…"}`,
 * `db_passwd`…), and a PR comment is public. Every output that shows run arguments or setup goes
 * through here: by name at any depth (`isSecretName`), and by value in any text (`redactText`).
 * Pure; the MCP server and any new output call `redactValue`/`redactText`.
 */

export const REDACTED = "<redacted>";

/** A word of a name that marks its value secret (`db_passwd`, `hf_auth`, `X-Api-Key`, `sessionCookie`). */
const SECRET_WORDS = new Set([
  "key",
  "keys",
  "apikey",
  "token",
  "secret",
  "secrets",
  "password",
  "passwd",
  "passphrase",
  "pwd",
  "auth",
  "authorization",
  "authentication",
  "oauth",
  "cookie",
  "cookies",
  "session",
  "credential",
  "credentials",
  "creds",
  "private",
  "signature",
  "bearer",
  "jwt",
]);
/** The same words run together without a separator (`mypassword`, `accesstoken`, `APIKEY`). */
const SECRET_SQUASHED = /passw(?:or)?d|pwd|secret|credential|apikey|accesskey|privatekey|authtoken|accesstoken|refreshtoken|sessiontoken|bearer|cookie/;
/**
 * A name that counts something (`token_limit`, `session_timeout`, `max_key_length`): with a number
 * for value it is a setting, not a secret. (`max_tokens`, `tokenizer` hold no secret word at all.)
 */
const QUANTITY_WORDS = new Set([
  "max",
  "min",
  "num",
  "count",
  "limit",
  "limits",
  "timeout",
  "ttl",
  "len",
  "length",
  "size",
  "budget",
  "usage",
  "per",
  "rate",
  "total",
  "retries",
  "n",
]);

function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Whether a value under this name is a secret. `value` decides the quantity exception: a number under
 * `token_limit` is shown, a string is not. `true`/`false`/`null` say nothing secret under any name.
 */
export function isSecretName(name: string, value?: unknown): boolean {
  if (value === null || typeof value === "boolean") return false;
  const words = wordsOf(name);
  const secret = words.some((w) => SECRET_WORDS.has(w)) || SECRET_SQUASHED.test(words.join(""));
  if (!secret) return false;
  const numeric = typeof value === "number" || (typeof value === "string" && /^\d+(?:\.\d+)?$/.test(value));
  return !(numeric && words.some((w) => QUANTITY_WORDS.has(w)));
}

const MAX_DEPTH = 64;

/** A rule: what it replaces, with what, and a cheap test a text must pass to be worth the rule's scan. */
type Rule = [RegExp, string | ((...m: string[]) => string), (RegExp | string)?];
/** A secret's word, anywhere: the name rules' hint. */
const SECRET_HINT = /key|token|secret|pass|pwd|auth|cookie|session|credential|creds|private|signature|bearer|jwt/i;
const secretValue = (whole: string, pre: string, name: string, sep: string, scheme: string, value: string) =>
  value.startsWith(REDACTED) || !isSecretName(name, value) ? whole : `${pre}${name}${sep}${scheme}${REDACTED}`;

/** Value shapes that are secrets wherever they appear. Each regex is linear (bounded or disjoint repeats). */
const SHAPES: Rule[] = [
  [/-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g, REDACTED, "PRIVATE KEY"],
  // URL userinfo: https://alice:pw@host → https://<redacted>@host
  [/\b([a-z][a-z0-9+.-]{0,30}:\/\/)[^\s/?#@'"<>]+@/gi, `$1${REDACTED}@`, "://"],
  // An authorization scheme and its credentials (a token has a digit or a symbol: "Basic English" stays).
  [/\b(Bearer|Basic|Token|Digest)(\s+)(?=[A-Za-z0-9._~+/=-]{0,400}[0-9._~+/=-])[A-Za-z0-9._~+/=-]{8,}/gi, `$1$2${REDACTED}`, /bearer|basic|token|digest/i],
  // Known key formats: OpenAI/Anthropic, AWS access key ids, Hugging Face, GitHub, GitLab, Slack, Google.
  // (A key is long and holds a digit: "sk-learn-contrib" stays.)
  [/(?<![\w-])sk-(?=[A-Za-z0-9_-]{0,200}\d)[A-Za-z0-9_-]{16,}/g, `sk-${REDACTED}`, "sk-"],
  [/(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, REDACTED, /AKIA|ASIA/],
  [/(?<![A-Za-z0-9])hf_[A-Za-z0-9]{8,}/g, `hf_${REDACTED}`, "hf_"],
  [
    /(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[A-Za-z0-9_-]{30,})/g,
    REDACTED,
    /gh[pousr]_|github_pat_|glpat-|xox[abprs]-|AIza/,
  ],
  // A JWT: base64url JSON header, payload, signature.
  [/(?<![\w-])eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED, "eyJ"],
  // Live and test keys of payment and webhook services (`sk_live_…`, `rk_test_…`, `whsec_…`).
  [/\b((?:sk|rk)_(?:live|test)_|whsec_)[A-Za-z0-9]{4,}/g, `$1${REDACTED}`, /_live_|_test_|whsec_/],
  // A webhook URL is its own credential: whoever has the path may post (Slack, Discord, Teams).
  [
    /\b(https?:\/\/(?:hooks\.slack\.com\/(?:services|workflows|triggers)|(?:[\w-]+\.)?discord(?:app)?\.com\/api\/webhooks|[\w-]+\.webhook\.office\.com\/webhookb2|outlook\.office\.com\/webhook))\/[^\s"'<>]+/gi,
    `$1/${REDACTED}`,
    /webhook|hooks\.slack/i,
  ],
  // A URL's query parameter with a secret's name: ?token=…, &api_key=…
  [/([?&;])([A-Za-z][\w.-]{0,80})(=)()([^\s"'&#;<>]+)/g, secretValue, "="],
];

/**
 * A name holding a secret's word somewhere (checked properly by `isSecretName`): the name rules
 * below only call back for such names, so prose costs a scan, not a call per "word: value".
 */
const SECRETISH = String.raw`(?=[\w.-]{0,80}?(?:key|token|secret|pass|pwd|auth|cookie|session|credential|creds|private|signature|bearer|jwt))`;

/** Whether `word` is a flag (`--api-key`, `-token`) whose name marks the value after it secret. */
export function isSecretFlag(word: string, next?: unknown): boolean {
  const m = /^--?([A-Za-z][\w.-]{0,80})$/.exec(word);
  return m !== null && isSecretName(m[1] as string, next);
}

const flagValue = (whole: string, pre: string, flag: string, gap: string, value: string) =>
  value.startsWith("-") || value.startsWith(REDACTED) || !isSecretFlag(flag, value.replace(/^["']|["']$/g, "")) ? whole : `${pre}${flag}${gap}${REDACTED}`;
/** A command line's secret flag and the word after it: `python run.py --api-key X`. */
const FLAG: Rule = [
  new RegExp(String.raw`(?<!\S)()(--?${SECRETISH}[A-Za-z][\w.-]{0,80})([ \t]+)("[^"\n]{0,400}"|'[^'\n]{0,400}'|[^\s"']+)`, "gi"),
  flagValue,
  SECRET_HINT,
];
/** In prose only `--flag value`: a single dash starts ordinary words ("-key points"). */
const PROSE_FLAG: Rule = [
  new RegExp(String.raw`(?<!\S)()(--${SECRETISH}[A-Za-z][\w.-]{0,80})([ \t]+)("[^"\n]{0,400}"|'[^'\n]{0,400}'|[^\s"']+)`, "gi"),
  flagValue,
  SECRET_HINT,
];

/** Names that are ordinary words in prose ("the key: confirm first", "session: 2"): secret there only with a credential-like value. */
const WEAK_IN_PROSE = new Set(["key", "keys", "session", "private", "signature", "auth", "token", "bearer", "cookie", "cookies", "secret"]);
/**
 * `name=value` and `name: value` in prose (a prompt's `api_key=…` or `password: …` line). An
 * assignment (`=`) with a secret's name is always taken; after a colon, the name must be more than
 * an ordinary word, or the value look like a credential (a digit, a capital, a symbol, 12 characters).
 */
const proseValue = (whole: string, pre: string, name: string, sep: string, scheme: string, value: string) => {
  if (value.startsWith(REDACTED) || !isSecretName(name, value)) return whole;
  const words = wordsOf(name);
  const strongName = words.length > 1 || !WEAK_IN_PROSE.has(words[0] ?? "");
  const credential = /[^a-z]/.test(value) || value.length >= 12;
  const keyLike = value.length >= 8 && /\d/.test(value) && /[A-Za-z]/.test(value);
  const take = sep.includes("=") ? strongName || credential : strongName ? credential || value.length >= 4 : keyLike;
  return take ? `${pre}${name}${sep}${scheme}${REDACTED}` : whole;
};
const PROSE_NAMED: Rule = [
  new RegExp(
    String.raw`(?<![\w-])()(${SECRETISH}[A-Za-z][\w-]{0,80})("?[ \t]{0,3}[:=][ \t]{0,3}"?)((?:(?:Bearer|Basic|Token|Digest)\s+)?)([^\s"'&#;,<>]+)`,
    "gi",
  ),
  proseValue,
  SECRET_HINT,
];
/** `name=value` (an env line, `--api-key=…`) and `name: value` (a header): in an argument's value, not in prose. */
const NAMED: Rule = [
  /(^|[^\w])([A-Za-z][\w-]{0,80})("?\s{0,3}[:=]\s{0,3}"?)((?:(?:Bearer|Basic|Token|Digest)\s+)?)([^\s"'&#;,<>]+)/g,
  secretValue,
  SECRET_HINT,
];

function apply(text: string, rules: readonly Rule[]): string {
  let out = text;
  for (const [re, to, hint] of rules) {
    if (hint !== undefined && !(typeof hint === "string" ? out.includes(hint) : hint.test(out))) continue;
    out = out.replace(re, to as string);
  }
  return out;
}

/** An argument's text with every secret in it replaced by `<redacted>`: its shapes, and `name=value` / `name: value` with a secret's name. */
export function redactText(text: string): string {
  return apply(text, [...SHAPES, FLAG, NAMED]);
}

/**
 * Prose (a prompt, a judge's reason, a transcript, a problem message) with secret-shaped values
 * replaced: a key, a token, a webhook URL, a URL's userinfo or secret query parameter, a secret
 * flag's value, `api_key=…` and `password: …`. "Remember the key: confirm first" stays as written.
 */
export function redactProse(text: string): string {
  return apply(text, [...SHAPES, PROSE_FLAG, PROSE_NAMED]);
}

/**
 * Every string of a parsed file (a judge result, a transcript, an LLM context) through
 * `redactProse`, at any depth; keys and other values kept. Plain objects and arrays are copied, any
 * other object is kept as it is.
 */
export function redactStrings<T>(value: T, depth = 0): T {
  if (typeof value === "string") return redactProse(value) as T;
  if (value === null || typeof value !== "object" || depth >= MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, depth + 1)) as T;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactStrings(v, depth + 1)])) as T;
}

/** Keys that name a name/value pair's name (`{"name": "OPENAI_API_KEY", "value": …}`, a header list, an env list). */
const PAIR_NAMES = ["name", "Name", "key", "Key", "header", "Header"];
const PAIR_VALUES = new Set(["value", "Value", "val", "values"]);

/** The secret name of a name/value pair object, or `null`. */
function secretPairName(o: Record<string, unknown>): string | null {
  for (const k of PAIR_NAMES) {
    const n = o[k];
    if (typeof n === "string" && isSecretName(n, typeof o.value === "number" ? o.value : "x")) return n;
  }
  return null;
}

/**
 * A JSON value with secrets taken out: whatever is under a secret's name (at any depth) becomes
 * `<redacted>`, and every string is passed through `redactText`. Keys are kept.
 */
export function redactValue(value: unknown, name?: string, depth = 0): unknown {
  if (name !== undefined && isSecretName(name, value) && value !== undefined) return REDACTED;
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) {
    // A flag's value is the next item: ["--api-key", "X"].
    return value.map((v, i) => {
      const prev = value[i - 1];
      const flagged = typeof prev === "string" && (typeof v === "string" || typeof v === "number") && !String(v).startsWith("-") && isSecretFlag(prev, v);
      return flagged ? REDACTED : redactValue(v, undefined, depth + 1);
    });
  }
  const o = value as Record<string, unknown>;
  const pair = secretPairName(o);
  // fromEntries defines own keys: a key named `__proto__` stays data.
  // A pair's name stays readable (`{"key": "Authorization"}`); its value goes.
  const entry = (k: string, v: unknown) =>
    pair === null ? redactValue(v, k, depth + 1) : PAIR_VALUES.has(k) && v !== null ? REDACTED : v === pair ? redactText(pair) : redactValue(v, k, depth + 1);
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, entry(k, v)]));
}

/** Run arguments (`parsed_args`) as they may be shown; `null` stays `null`. */
export function redactArgs(args: Record<string, unknown> | null): Record<string, unknown> | null {
  return args === null ? null : (redactValue(args) as Record<string, unknown>);
}
