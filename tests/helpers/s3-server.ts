/**
 * A real S3-protocol server for the tests: s3rver over a temporary folder (in a process of its own:
 * s3rver-process.cjs), behind a small HTTP proxy
 * of ours that counts every request (by method and key) and can answer as a store in trouble would
 * (503 SlowDown, 403 AccessDenied), so the dashboard's own AWS SDK client is exercised end to end.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { PutObjectCommand, S3Client } from "@aws-sdk/client-s3";

export type Fault = "slowdown" | "denied" | null;

export interface S3Server {
  /** The proxy's address: AWS_ENDPOINT_URL_S3 for the dashboard. */
  endpoint: string;
  /** The environment a dashboard process needs to reach it (s3rver's fixed test credentials). */
  env: Record<string, string>;
  /** A client of the test's own (uploads). */
  client: S3Client;
  /** Object GETs served so far, by key (`bucket/key`). */
  gets: string[];
  /** Every request line seen (method and path), for assertions on what was never sent. */
  requests: string[];
  fault: Fault;
  upload(folder: string, bucket: string, prefix: string): Promise<number>;
  /**
   * The bench's 10,000 scenarios without 20,000 PUTs: the folder's files laid straight into s3rver's
   * own store (object, MD5, metadata), as its PutObject lays them, then served by the protocol as any.
   */
  seed(folder: string, bucket: string, prefix: string): number;
  stop(): Promise<void>;
}

// The pinned SDK supports Node 20; its notice about later releases would only clutter the output.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

const ENV = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER", AWS_REGION: "us-east-1" };

function filesBelow(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...filesBelow(p));
    else if (e.isFile()) out.push(p);
  }
  return out;
}

const FAULT_BODY: Record<Exclude<Fault, null>, [number, string]> = {
  slowdown: [503, "<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>"],
  denied: [403, "<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>"],
};

export async function startS3Server(buckets: string[]): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "ved-s3rver-"));
  const s3rver = spawn(
    process.execPath,
    ["--openssl-legacy-provider", fileURLToPath(new URL("./s3rver-process.cjs", import.meta.url)), directory, buckets.join(",")],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const [line] = (await once(s3rver.stdout, "data")) as [Buffer];
  const backPort = Number(line.toString().trim());
  if (!Number.isInteger(backPort) || backPort <= 0) throw new Error(`s3rver did not start: ${line.toString()}`);
  const state = { gets: [] as string[], requests: [] as string[], fault: null as Fault };
  const proxy = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    if (state.fault) {
      const [status, body] = FAULT_BODY[state.fault];
      res.writeHead(status, { "content-type": "application/xml" }).end(body);
      req.resume();
      return;
    }
    // An object GET: a path of bucket and key, not a listing (list-type=2) or a bucket's own query.
    if (req.method === "GET" && url.pathname.split("/").filter(Boolean).length > 1) state.gets.push(decodeURIComponent(url.pathname.slice(1)));
    const up = http.request({ host: "127.0.0.1", port: backPort, method: req.method, path: req.url, headers: req.headers }, (back) => {
      res.writeHead(back.statusCode ?? 502, back.headers);
      back.pipe(res);
    });
    up.on("error", () => res.destroy());
    req.pipe(up);
  });
  proxy.listen(0, "127.0.0.1");
  await once(proxy, "listening");
  const endpoint = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const client = new S3Client({ region: "us-east-1", endpoint, forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  const server: S3Server = {
    endpoint,
    env: { ...ENV, AWS_ENDPOINT_URL_S3: endpoint },
    client,
    get gets() {
      return state.gets;
    },
    get requests() {
      return state.requests;
    },
    get fault() {
      return state.fault;
    },
    set fault(f: Fault) {
      state.fault = f;
    },
    async upload(folder, bucket, prefix) {
      const files = filesBelow(folder);
      // 16 PUTs in flight: a bench's 10,000 scenarios upload in minutes, not an hour.
      let next = 0;
      const lane = async () => {
        while (next < files.length) {
          const f = files[next++] as string;
          const key = `${prefix}${prefix && !prefix.endsWith("/") ? "/" : ""}${relative(folder, f)}`;
          await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: readFileSync(f), ContentLength: statSync(f).size }));
        }
      };
      await Promise.all(Array.from({ length: 16 }, lane));
      return files.length;
    },
    seed(folder, bucket, prefix) {
      const files = filesBelow(folder);
      for (const f of files) {
        const parts = [...prefix.split("/").filter(Boolean), ...relative(folder, f).split("/")];
        const name = parts.pop() as string;
        const dir = join(directory, bucket, ...parts);
        mkdirSync(dir, { recursive: true });
        const body = readFileSync(f);
        writeFileSync(join(dir, `${name}._S3rver_object`), body);
        writeFileSync(join(dir, `${name}._S3rver_object.md5`), createHash("md5").update(body).digest("hex"));
        writeFileSync(join(dir, `${name}._S3rver_metadata.json`), JSON.stringify({ "content-type": "application/octet-stream" }));
      }
      return files.length;
    },
    async stop() {
      client.destroy();
      proxy.closeAllConnections();
      proxy.close();
      s3rver.kill();
      await once(s3rver, "exit").catch(() => {});
      rmSync(directory, { recursive: true, force: true });
    },
  };
  return server;
}
