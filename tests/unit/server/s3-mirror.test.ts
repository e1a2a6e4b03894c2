/**
 * The S3 source's local mirror (issue 58) on real files: what a pass fetches (only what moved),
 * what it never writes (unsafe keys, named), recordings listed but not fetched, owner-only atomic
 * writes with the object's time, deletions, and a manifest that outlives the process.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Mirror } from "@/lib/server/source/mirror";
import { parseS3Url, s3Label } from "@/lib/server/source/s3-location";

const meta = (key: string, etag = '"e1"', size = 3, lastModified = Date.UTC(2026, 10, 18, 14, 0, 0)) => ({ key, etag, size, lastModified });
const fresh = () => new Mirror(mkdtempSync(join(tmpdir(), "ved-mirror-")), "team");

describe("Mirror", () => {
  it("plans only what moved, names unsafe keys, and lists recordings without fetching them", () => {
    const m = fresh();
    const objects = [meta("run/a/metrics.json"), meta("run/a/conversation_log.wav"), meta("../escape"), meta("run//x"), meta("run/./y"), meta("run/folder/")];
    const plan = m.plan(objects);
    expect(plan.fetch.map((o) => o.key)).toEqual(["run/a/metrics.json"]);
    expect(plan.lazy.map((o) => o.key)).toEqual(["run/a/conversation_log.wav"]);
    expect(plan.skipped.map((s) => s.key).sort()).toEqual(["../escape", "run/./y", "run//x"]);
    m.put(meta("run/a/metrics.json"), Buffer.from("{}\n"));
    expect(m.plan([meta("run/a/metrics.json")]).fetch).toEqual([]);
    expect(m.plan([meta("run/a/metrics.json", '"e2"')]).fetch).toHaveLength(1);
    expect(m.plan([meta("run/a/metrics.json", '"e1"', 4)]).fetch).toHaveLength(1);
  });

  it("writes owner-only files with the object's time, leaves no temporary file, and removes what the store dropped", () => {
    const m = fresh();
    const o = meta("run/a/metrics.json");
    m.put(o, Buffer.from("{}\n"));
    const file = join(m.filesDir, "run/a/metrics.json");
    expect(readFileSync(file, "utf8")).toBe("{}\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(m.filesDir, "run")).mode & 0o777).toBe(0o700);
    expect(statSync(file).mtimeMs).toBe(o.lastModified);
    expect(readdirSync(join(m.root, "tmp"))).toEqual([]);
    expect(m.absentFrom(new Set())).toEqual(["run/a/metrics.json"]);
    m.remove("run/a/metrics.json");
    expect(existsSync(file)).toBe(false);
    expect(existsSync(join(m.filesDir, "run"))).toBe(false);
  });

  it("names an object that would need a file to be a folder, and writes nothing for it", () => {
    const m = fresh();
    m.put(meta("run/a"), Buffer.from("x"));
    m.put(meta("run/a/b"), Buffer.from("y"));
    expect(m.skipped.map((s) => s.key)).toEqual(["run/a/b"]);
    expect(readFileSync(join(m.filesDir, "run/a"), "utf8")).toBe("x");
  });

  it("keeps its manifest: a mirror opened again fetches nothing that did not move", () => {
    const root = mkdtempSync(join(tmpdir(), "ved-mirror-"));
    const m = new Mirror(root, "team");
    m.put(meta("run/a/metrics.json"), Buffer.from("{}\n"));
    m.saveManifest();
    expect(new Mirror(root, "team").plan([meta("run/a/metrics.json")]).fetch).toEqual([]);
  });

  it("drops a fetched recording when the store holds another version", () => {
    const m = fresh();
    const wav = meta("run/a/conversation_log.wav");
    m.put(wav, Buffer.from("RIFF"));
    m.putLazy(meta("run/a/conversation_log.wav", '"e2"'));
    expect(existsSync(join(m.filesDir, "run/a/conversation_log.wav"))).toBe(false);
  });
});

describe("s3:// addresses", () => {
  it("parse to bucket and prefix, and show no more than that", () => {
    expect(parseS3Url("s3://results/team/nightly/")).toEqual({ bucket: "results", prefix: "team/nightly/" });
    expect(parseS3Url("s3://results")).toEqual({ bucket: "results", prefix: "" });
    expect(s3Label(parseS3Url("s3://results/team//nightly"))).toBe("s3://results/team/nightly");
    expect(() => parseS3Url("s3://results/../x")).toThrow(/\.\./);
    expect(() => parseS3Url("s3://UPPER/x")).toThrow(/bucket name/);
    expect(() => parseS3Url("s3://user:secret@results/x")).toThrow(/bucket name/);
    expect(() => parseS3Url("s3://user:secret@results/x")).not.toThrow(/secret/);
  });
});
