/**
 * `get_file`: a whitelisted text file of a scenario folder, at most 64 KB a call, read inside the
 * results folder only (the name is a key of the index, the file one of the known artifact names,
 * no link followed). The text is cut on UTF-8 character boundaries; `nextOffset` continues it.
 */
import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { redactProse } from "@/lib/core/redact";
import { readSliceInside } from "../ingest/fs-safe";
import { SCENARIO_FILES } from "../ingest/layout";
import type { McpContext } from "./context";
import { runNamed, scenarioNamed, ToolError } from "./lookup";
import { answer, DATA_NOTE } from "./result";
import { More } from "./schemas";
import { q } from "./text";

export const MAX_FILE_CHUNK = 64 * 1024;
/** The recording is binary: the scenario's audio findings say what is in it. */
export const TEXT_FILES = SCENARIO_FILES.filter((f) => !f.endsWith(".wav")) as [string, ...string[]];

/** Bytes at the start that continue a character begun before `offset`. */
function leadingContinuation(b: Buffer): number {
  let i = 0;
  while (i < b.length && i < 3 && (b[i]! & 0xc0) === 0x80) i++;
  return i;
}

/** Bytes at the end that begin a character the chunk does not hold whole. */
function trailingPartial(b: Buffer, atEnd: boolean): number {
  if (atEnd) return 0;
  for (let back = 1; back <= Math.min(4, b.length); back++) {
    const byte = b[b.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    const need = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

/**
 * Bytes of `b` from the start whose text, quoted, fits `budget` bytes: a chunk of control characters
 * or quotes took six times its size as JSON, twice (the structured text and the quoted rendering),
 * and a "64 KB" chunk answered 852 KB (issue 54). Counted per stored byte: an ASCII byte as JSON
 * escapes it, any other as 2 (a character `q` spells out as `\uXXXX` takes 6 for its 3 bytes); the
 * end never splits a character.
 */
function fittingBytes(b: Buffer, budget: number): number {
  let used = 0;
  for (let i = 0; i < b.length; i++) {
    const byte = b[i]!;
    used += byte >= 0x80 ? 2 : byte === 0x22 || byte === 0x5c ? 2 : byte >= 0x20 ? 1 : [0x08, 0x09, 0x0a, 0x0c, 0x0d].includes(byte) ? 2 : 6;
    if (used > budget) {
      let end = i;
      while (end > 0 && (b[end]! & 0xc0) === 0x80) end--;
      return end;
    }
  }
  return b.length;
}

export function registerFileTool(server: McpServer, ctx: McpContext): void {
  server.registerTool(
    "get_file",
    {
      title: "A scenario file's text",
      description: `One of a scenario folder's known artifacts as stored (${TEXT_FILES.join(", ")}), at most 64 KB a call: \`offset\` (bytes) and \`length\` (default and at most 65536; fewer when the text is mostly characters JSON escapes, so that the answer stays near 64 KB). The answer says the file's size and the offset to continue from; secret-shaped values (keys, tokens, a URL's password) are replaced by <redacted>. Nothing outside the results folder is read.`,
      inputSchema: {
        run: z.string().max(4096),
        name: z.string().max(1024),
        file: z.enum(TEXT_FILES),
        offset: z.number().int().min(0).default(0),
        length: z.number().int().min(1).max(MAX_FILE_CHUNK).default(MAX_FILE_CHUNK),
      },
      outputSchema: {
        run: z.string(),
        name: z.string(),
        file: z.string(),
        size: z.number(),
        offset: z.number(),
        bytes: z.number(),
        text: z.string(),
        redacted: z.boolean(),
        nextOffset: z.number().nullable(),
        more: More,
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ run: id, name, file, offset, length }) => {
      const run = await runNamed(ctx.store, id);
      scenarioNamed(run, name);
      const read = await readSliceInside(run.dir, `${name}/${file}`, offset, length);
      if (read.kind === "missing") throw new ToolError(`no ${file} in scenario ${q(name, 200)} (get_scenario with include=["files"] lists what is there)`);
      if (read.kind === "refused") throw new ToolError(`${file} of ${q(name, 200)} is not read: ${read.reason}`);
      if (offset > read.size) throw new ToolError(`offset ${offset} is past the end of ${file} (${read.size} bytes)`);
      const skip = offset === 0 ? 0 : leadingContinuation(read.bytes);
      const whole = read.bytes.length - trailingPartial(read.bytes, offset + read.bytes.length >= read.size);
      // The chunk is bounded as the answer carries it (escaped), not only as stored.
      const end = skip + fittingBytes(read.bytes.subarray(skip, whole), MAX_FILE_CHUNK);
      const raw = read.bytes.subarray(skip, end).toString("utf8");
      // Secret-shaped values (keys, bearer tokens, a URL's password) never reach an agent's context.
      const text = redactProse(raw);
      const start = offset + skip;
      const next = offset + end;
      const nextOffset = next < read.size ? next : null;
      const more = nextOffset === null ? null : `${read.size - next} more byte(s): call get_file with offset=${next}`;
      const out = { run: run.id, name, file, size: read.size, offset: start, bytes: end - skip, text, redacted: text !== raw, nextOffset, more };
      const rendered = [
        `${file} of ${q(name, 200)} in ${q(run.id)}: bytes ${start}–${next} of ${read.size}.`,
        DATA_NOTE,
        `Content (one quoted value): ${q(text, MAX_FILE_CHUNK)}`,
        ...(more ? [more] : []),
      ].join("\n");
      return answer(out, rendered);
    },
  );
}
