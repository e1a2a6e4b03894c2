/**
 * The S3 client from the standard environment (AWS SDK v3): AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
 * AWS_SESSION_TOKEN, AWS_REGION, AWS_PROFILE (the SDK's default chain), and AWS_ENDPOINT_URL_S3 or
 * AWS_ENDPOINT_URL for an S3-compatible store (path-style addressing then). Every failure becomes a
 * named problem whose text holds neither a credential nor the endpoint's userinfo.
 */
import "server-only";
import type { S3Client } from "@aws-sdk/client-s3";
import { redactText } from "@/lib/core/redact";
import type { S3Location } from "./s3-location";
import type { SourceProblem } from "./status";

type Env = Record<string, string | undefined>;

/** Bounded: a request past this is a timeout, retried at most `MAX_ATTEMPTS` times in all by the SDK's backoff. */
const REQUEST_TIMEOUT_MS = 20_000;
const MAX_ATTEMPTS = 4;

export function s3Endpoint(env: Env = process.env): string | undefined {
  return env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
}

/** The SDK, loaded on first use: it stays out of the start of every command that reads a folder (a bundler hoists a static import). */
const sdk = () => import("@aws-sdk/client-s3");

export async function makeS3Client(env: Env = process.env): Promise<S3Client> {
  // The pinned release supports Node 20; its notice about later releases is not the user's business at every start.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";
  const { S3Client } = await sdk();
  const endpoint = s3Endpoint(env);
  return new S3Client({
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || "us-east-1",
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: 10_000 },
  });
}

/** One object of a listing, its key relative to the location's prefix. */
export interface ObjectMeta {
  key: string;
  etag: string;
  size: number;
  /** LastModified, epoch ms. */
  lastModified: number;
}

/** Every object below the location, by paged ListObjectsV2 (1,000 a page). */
export async function listObjects(client: S3Client, loc: S3Location): Promise<ObjectMeta[]> {
  const out: ObjectMeta[] = [];
  const { ListObjectsV2Command } = await sdk();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: loc.bucket, Prefix: loc.prefix || undefined, ContinuationToken: token }));
    for (const o of page.Contents ?? []) {
      if (!o.Key || !o.Key.startsWith(loc.prefix)) continue;
      out.push({ key: o.Key.slice(loc.prefix.length), etag: o.ETag ?? "", size: o.Size ?? 0, lastModified: o.LastModified?.getTime() ?? 0 });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

/** One object's bytes, whole or a range (`bytes=a-b`). */
export async function getObject(client: S3Client, loc: S3Location, key: string, range?: string): Promise<Uint8Array> {
  const { GetObjectCommand } = await sdk();
  const res = await client.send(new GetObjectCommand({ Bucket: loc.bucket, Key: loc.prefix + key, Range: range }));
  if (!res.Body) return new Uint8Array();
  return res.Body.transformToByteArray();
}

type SourceProblemKind = SourceProblem["kind"];

const MESSAGES: Record<SourceProblemKind, string> = {
  "access-denied": "access denied to the bucket (check the credentials' permissions: s3:ListBucket and s3:GetObject)",
  "no-bucket": "the bucket does not exist",
  throttled: "the store throttled the requests (503 SlowDown); retried with backoff, retrying at the next poll",
  timeout: "the store did not answer in time; retrying at the next poll",
  unreachable: "the store could not be reached; retrying at the next poll",
  "bad-credentials": "the credentials were refused or none were found (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE)",
  database: "the shared database (--database) failed; this replica retries at the next poll",
  error: "the store answered with an error",
};

/** Whether a problem may pass by itself (worth a retry at once), unlike a missing bucket or a refusal. */
export function isTransient(p: SourceProblem): boolean {
  return p.kind === "throttled" || p.kind === "timeout" || p.kind === "unreachable" || p.kind === "database";
}

/** Names an SDK or network error. The text is the kind's own, plus the store's error code, never the SDK's message verbatim. */
export function sourceProblemOf(err: unknown): SourceProblem {
  const e = err as { name?: string; Code?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const code = String(e?.Code ?? e?.name ?? e?.code ?? "");
  const status = e?.$metadata?.httpStatusCode;
  let kind: SourceProblemKind = "error";
  if (code === "NoSuchBucket" || (status === 404 && /bucket/i.test(code))) kind = "no-bucket";
  else if (/CredentialsProviderError|InvalidAccessKeyId|SignatureDoesNotMatch|ExpiredToken/i.test(code)) kind = "bad-credentials";
  else if (code === "AccessDenied" || code === "Forbidden" || status === 403) kind = "access-denied";
  else if (/SlowDown|Throttl|TooManyRequests|RequestLimitExceeded/i.test(code) || status === 503 || status === 429) kind = "throttled";
  else if (/Timeout|TimedOut|ETIMEDOUT/i.test(code)) kind = "timeout";
  else if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|NetworkingError/i.test(code)) kind = "unreachable";
  const detail = code && /^[A-Za-z0-9_.-]{1,60}$/.test(code) ? ` [${code}${status ? ` ${status}` : ""}]` : status ? ` [${status}]` : "";
  return { kind, message: redactText(MESSAGES[kind] + detail) };
}

/** A failure of the shared database, named by its SQLSTATE or system code only (its text may name the host). */
export function databaseProblem(err: unknown): SourceProblem {
  const code = String((err as { code?: unknown })?.code ?? "");
  return { kind: "database", message: MESSAGES.database + (/^[0-9A-Z_]{2,20}$/.test(code) ? ` [${code}]` : "") };
}
