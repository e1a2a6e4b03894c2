/**
 * Streams `conversation_log.wav` once into 10 ms frame energies per channel (the only thing the
 * analysis needs), never holding the samples: memory is a few bytes per frame, whatever the file's
 * size. The header is checked first; a file the dashboard cannot read as 16-bit PCM stereo is a
 * named problem, not an exception. No link is followed (O_NOFOLLOW), a FIFO never blocks.
 */
import "server-only";
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { FRAME_SECONDS, type ChannelFrames } from "@/lib/core/audio/analyse";

/** Above this a recording is refused (about 9 hours of 16 kHz stereo; the harness's calls are minutes). */
export const MAX_WAV_BYTES = 1024 ** 3;

export type WavFrames = { ok: true; sampleRate: number; durationSeconds: number; user: ChannelFrames; agent: ChannelFrames } | { ok: false; problem: string };

interface Format {
  sampleRate: number;
  dataOffset: number;
  dataBytes: number;
}

/** The `fmt ` and `data` chunks of a RIFF/WAVE header (the first 64 KB), or why not. */
function parseHeader(head: Buffer, fileSize: number): Format | string {
  if (head.length < 12 || head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") return "not a RIFF/WAVE file";
  let at = 12;
  let fmt: { format: number; channels: number; sampleRate: number; bits: number } | null = null;
  while (at + 8 <= head.length) {
    const id = head.toString("ascii", at, at + 4);
    const size = head.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === "fmt ") {
      if (size < 16 || body + 16 > head.length) return "the fmt chunk is truncated";
      fmt = { format: head.readUInt16LE(body), channels: head.readUInt16LE(body + 2), sampleRate: head.readUInt32LE(body + 4), bits: head.readUInt16LE(body + 14) };
    } else if (id === "data") {
      if (!fmt) return "the data chunk comes before the fmt chunk";
      if (fmt.format !== 1 && fmt.format !== 0xfffe) return `audio format ${fmt.format} is not PCM`;
      if (fmt.channels !== 2) return `${fmt.channels} channel(s): expected stereo (left = user, right = agent)`;
      if (fmt.bits !== 16) return `${fmt.bits}-bit samples: expected 16-bit`;
      if (fmt.sampleRate < 1000 || fmt.sampleRate > 192_000) return `sample rate ${fmt.sampleRate} Hz is not a real one`;
      if (body + size > fileSize) return `the data chunk claims ${size} bytes, the file holds ${fileSize - body}`;
      return { sampleRate: fmt.sampleRate, dataOffset: body, dataBytes: size - (size % 4) };
    }
    at = body + size + (size % 2);
  }
  return "no data chunk in the header";
}

export async function readWavFrames(path: string): Promise<WavFrames> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    return { ok: false, problem: `cannot open the recording (${(err as NodeJS.ErrnoException).code ?? "error"})` };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, problem: "the recording is not a regular file" };
    if (info.size > MAX_WAV_BYTES) return { ok: false, problem: `the recording is ${(info.size / 1024 ** 3).toFixed(1)} GB, over the ${MAX_WAV_BYTES / 1024 ** 3} GB the analysis reads` };
    const head = Buffer.alloc(Math.min(info.size, 65536));
    await handle.read(head, 0, head.length, 0);
    const fmt = parseHeader(head, info.size);
    if (typeof fmt === "string") return { ok: false, problem: fmt };
    const perFrame = Math.max(1, Math.round(fmt.sampleRate * FRAME_SECONDS));
    const samples = fmt.dataBytes / 4;
    const frames = Math.ceil(samples / perFrame);
    const user = { rms: new Float32Array(frames), clipped: new Uint16Array(frames) };
    const agent = { rms: new Float32Array(frames), clipped: new Uint16Array(frames) };
    const sums = [new Float64Array(frames), new Float64Array(frames)];
    // One pass in 1 MB chunks, whole stereo samples each.
    const chunk = Buffer.alloc(1 << 20);
    let sample = 0;
    for (let pos = 0; pos < fmt.dataBytes; ) {
      const want = Math.min(chunk.length, fmt.dataBytes - pos);
      const { bytesRead } = await handle.read(chunk, 0, want, fmt.dataOffset + pos);
      if (bytesRead <= 0) break;
      const whole = bytesRead - (bytesRead % 4);
      // Little-endian samples read as one typed view (the platforms Node runs on are little-endian).
      const pcm = new Int16Array(chunk.buffer, chunk.byteOffset, whole / 2);
      for (let k = 0; k < pcm.length; k += 2, sample++) {
        const f = (sample / perFrame) | 0;
        const l = pcm[k] as number;
        const r = pcm[k + 1] as number;
        sums[0]![f] = (sums[0]![f] as number) + l * l;
        sums[1]![f] = (sums[1]![f] as number) + r * r;
        if (l >= 32767 || l <= -32768) user.clipped[f] = (user.clipped[f] as number) + 1;
        if (r >= 32767 || r <= -32768) agent.clipped[f] = (agent.clipped[f] as number) + 1;
      }
      pos += whole;
      if (whole === 0) break;
    }
    for (let f = 0; f < frames; f++) {
      const n = Math.min(perFrame, samples - f * perFrame);
      user.rms[f] = Math.sqrt((sums[0]![f] as number) / n) / 32768;
      agent.rms[f] = Math.sqrt((sums[1]![f] as number) / n) / 32768;
    }
    return { ok: true, sampleRate: fmt.sampleRate, durationSeconds: samples / fmt.sampleRate, user, agent };
  } finally {
    await handle.close();
  }
}
