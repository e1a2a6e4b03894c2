/**
 * `s3://bucket/prefix`: where a results folder lives in object storage. Only the bucket and the
 * prefix are ever shown (`label`); the endpoint and credentials come from the environment and are
 * never part of it.
 */
import "server-only";
import { createHash } from "node:crypto";

export interface S3Location {
  bucket: string;
  /** The key prefix, without a leading `/`, ending in `/` unless empty (the whole bucket). */
  prefix: string;
}

/** Whether a folder argument names object storage instead of a folder on disk. */
export function isS3Url(arg: string): boolean {
  return /^s3:\/\//i.test(arg);
}

export class S3UrlError extends Error {}

// Bucket names by the S3 rules (3–63 of lowercase letters, digits, dots, hyphens; dots allowed for older buckets).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function parseS3Url(arg: string): S3Location {
  // The address is never echoed: it may carry what a user mistook for a place for credentials (`s3://key:secret@bucket`).
  const m = /^s3:\/\/([^/?#]*)(\/[^?#]*)?$/i.exec(arg.trim());
  if (!m) throw new S3UrlError("not an s3://bucket/prefix address (no query or fragment)");
  const bucket = m[1] ?? "";
  if (!BUCKET.test(bucket)) throw new S3UrlError("not a bucket name in the s3:// address (3 to 63 lowercase letters, digits, dots and hyphens)");
  const parts = (m[2] ?? "").split("/").filter((p) => p !== "");
  if (parts.some((p) => p === "." || p === "..")) throw new S3UrlError("an s3:// prefix may not hold . or .. segments");
  return { bucket, prefix: parts.length ? `${parts.join("/")}/` : "" };
}

/** What a page, log or report shows of the source: bucket and prefix only. */
export function s3Label(loc: S3Location): string {
  return `s3://${loc.bucket}/${loc.prefix}`.replace(/\/$/, "");
}

/**
 * A stable name for the source, for the mirror's folder and the shared table's rows: a hash of the
 * endpoint (never shown) and the location, so two stores' buckets of one name never mix.
 */
export function sourceId(loc: S3Location, endpoint: string | undefined): string {
  return createHash("sha256")
    .update(JSON.stringify([endpoint ?? "", loc.bucket, loc.prefix]))
    .digest("hex")
    .slice(0, 24);
}
