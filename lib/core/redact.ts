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

type Rule = [RegExp, string | ((...m: string[]) => string)];
const secretValue = (whole: string, pre: string, name: string, sep: string, scheme: string, value: string) =>
  value.startsWith(REDACTED) || !isSecretName(name, value) ? whole : `${pre}${name}${sep}${scheme}${REDACTED}`;

/** Value shapes that are secrets wherever they appear. Each regex is linear (bounded or disjoint repeats). */
const SHAPES: Rule[] = [
  [/-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]{0,40}PRIVATE KEY-----|$)/g, REDACTED],
  // URL userinfo: https://alice:pw@host → https://<redacted>@host
  [/\b([a-z][a-z0-9+.-]{0,30}:\/\/)[^\s/?#@'"<>]+@/gi, `$1${REDACTED}@`],
  // An authorization scheme and its credentials (a token has a digit or a symbol: "Basic English" stays).
  [/\b(Bearer|Basic|Token|Digest)(\s+)(?=[A-Za-z0-9._~+/=-]{0,400}[0-9._~+/=-])[A-Za-z0-9._~+/=-]{8,}/gi, `$1$2${REDACTED}`],
  // Known key formats: OpenAI/Anthropic, AWS access key ids, Hugging Face, GitHub, GitLab, Slack, Google.
  // (A key is long and holds a digit: "sk-learn-contrib" stays.)
  [/(?<![\w-])sk-(?=[A-Za-z0-9_-]{0,200}\d)[A-Za-z0-9_-]{16,}/g, `sk-${REDACTED}`],
  [/(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, REDACTED],
  [/(?<![A-Za-z0-9])hf_[A-Za-z0-9]{8,}/g, `hf_${REDACTED}`],
  [
    /(?<![A-Za-z0-9])(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|AIza[A-Za-z0-9_-]{30,})/g,
    REDACTED,
  ],
  // A JWT: base64url JSON header, payload, signature.
  [/(?<![\w-])eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, REDACTED],
  // A URL's query parameter with a secret's name: ?token=…, &api_key=…
  [/([?&;])([A-Za-z][\w.-]{0,80})(=)()([^\s"'&#;<>]+)/g, secretValue],
];
/** `name=value` (an env line, `--api-key=…`) and `name: value` (a header): in an argument's value, not in prose. */
const NAMED: Rule = [/(^|[^\w])([A-Za-z][\w-]{0,80})("?\s{0,3}[:=]\s{0,3}"?)((?:(?:Bearer|Basic|Token|Digest)\s+)?)([^\s"'&#;,<>]+)/g, secretValue];

function apply(text: string, rules: readonly Rule[]): string {
  let out = text;
  for (const [re, to] of rules) out = out.replace(re, to as string);
  return out;
}

/** An argument's text with every secret in it replaced by `<redacted>`: its shapes, and `name=value` / `name: value` with a secret's name. */
export function redactText(text: string): string {
  return apply(text, [...SHAPES, NAMED]);
}

/**
 * Prose (a prompt, a problem message) with secret-shaped values replaced: a key, a token, a URL's
 * userinfo or secret query parameter. "Remember the key: confirm first" stays as written.
 */
export function redactProse(text: string): string {
  return apply(text, SHAPES);
}

const MAX_DEPTH = 64;

/**
 * A JSON value with secrets taken out: whatever is under a secret's name (at any depth) becomes
 * `<redacted>`, and every string is passed through `redactText`. Keys are kept.
 */
export function redactValue(value: unknown, name?: string, depth = 0): unknown {
  if (name !== undefined && isSecretName(name, value) && value !== undefined) return REDACTED;
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, undefined, depth + 1));
  // fromEntries defines own keys: a key named `__proto__` stays data.
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactValue(v, k, depth + 1)]));
}

/** Run arguments (`parsed_args`) as they may be shown; `null` stays `null`. */
export function redactArgs(args: Record<string, unknown> | null): Record<string, unknown> | null {
  return args === null ? null : (redactValue(args) as Record<string, unknown>);
}
