/**
 * Streams `conversation_log.wav` once into 10 ms frame features per channel (the only thing the
 * analysis needs), never holding the samples: memory is a few bytes per frame, and the frames are
 * bounded (`MAX_ANALYSED_SECONDS`), whatever the file's size or sample rate. The chunks are walked to
 * `data` (bounded by the file); a file the dashboard cannot read (not stereo, not 16-bit PCM or 32-bit
 * float) is a named problem, not an exception. No link is followed (O_NOFOLLOW), a FIFO never blocks,
 * and each 1 MB read is an await: the event loop answers between them.
 */
import "server-only";
import { constants } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { FRAME_SECONDS, type ChannelFrames } from "@/lib/core/audio/frames";
import { accumulate, closeFrames, highPassPole, streamState } from "@/lib/core/audio/band-pass";

/** Above this a recording is refused (about 9 hours of 16 kHz stereo; the harness's calls are minutes). */
export const MAX_WAV_BYTES = 1024 ** 3;
/** At most this much of a recording is analysed (the rest is named): 12 bytes per frame per channel, about 26 MB at most. */
export const MAX_ANALYSED_SECONDS = 3 * 3600;
/** A header of more chunks than this before `data` is refused (each is a read). */
const MAX_CHUNKS = 4096;

export type WavFrames =
  | { ok: true; sampleRate: number; durationSeconds: number; analysedSeconds: number; user: ChannelFrames; agent: ChannelFrames }
  | { ok: false; problem: string };

type Encoding = "pcm16" | "float32";

interface Format {
  sampleRate: number;
  encoding: Encoding;
  dataOffset: number;
  dataBytes: number;
}

/** The `fmt ` chunk's format tags this reader knows. */
const WAVE_FORMAT = { pcm: 1, ieeeFloat: 3, extensible: 0xfffe } as const;

async function readAt(handle: FileHandle, at: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, at);
  return buf.subarray(0, bytesRead);
}

/** What the `fmt ` chunk's body says, or why the dashboard cannot read it. */
function encodingOf(body: Buffer): { channels: number; sampleRate: number; encoding: Encoding } | string {
  if (body.length < 16) return "the fmt chunk is truncated";
  let format = body.readUInt16LE(0);
  const channels = body.readUInt16LE(2);
  const sampleRate = body.readUInt32LE(4);
  const bits = body.readUInt16LE(14);
  if (format === WAVE_FORMAT.extensible) {
    // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the SubFormat GUID (offset 24).
    if (body.length < 40) return "the extensible fmt chunk is truncated (no SubFormat)";
    format = body.readUInt16LE(24);
  }
  if (channels !== 2) return `${channels} channel(s): expected stereo (left = user, right = agent)`;
  if (sampleRate < 1000 || sampleRate > 192_000) return `sample rate ${sampleRate} Hz is not a real one`;
  if (format === WAVE_FORMAT.pcm) return bits === 16 ? { channels, sampleRate, encoding: "pcm16" } : `${bits}-bit samples: expected 16-bit PCM or 32-bit float`;
  if (format === WAVE_FORMAT.ieeeFloat)
    return bits === 32 ? { channels, sampleRate, encoding: "float32" } : `${bits}-bit float samples: expected 32-bit float or 16-bit PCM`;
  return `audio format ${format} is not PCM or float (unsupported)`;
}

/** Walks the RIFF chunks to `data`, whatever their size (bounded by the file), reading only their headers and `fmt `. */
async function parseHeader(handle: FileHandle, fileSize: number): Promise<Format | string> {
  const riff = await readAt(handle, 0, 12);
  if (riff.length < 12 || riff.toString("ascii", 0, 4) !== "RIFF" || riff.toString("ascii", 8, 12) !== "WAVE") return "not a RIFF/WAVE file";
  let at = 12;
  let fmt: { sampleRate: number; encoding: Encoding } | string | null = null;
  for (let n = 0; at + 8 <= fileSize; n++) {
    if (n >= MAX_CHUNKS) return `more than ${MAX_CHUNKS} chunks before the data chunk`;
    const head = await readAt(handle, at, 8);
    if (head.length < 8) break;
    const id = head.toString("ascii", 0, 4);
    const size = head.readUInt32LE(4);
    const body = at + 8;
    if (id === "fmt ") {
      const bytes = await readAt(handle, body, Math.min(size, 64));
      fmt = bytes.length < Math.min(size, 16) ? "the fmt chunk is truncated" : encodingOf(bytes);
    } else if (id === "data") {
      if (!fmt) return "the data chunk comes before the fmt chunk";
      if (typeof fmt === "string") return fmt;
      if (body + size > fileSize) return `the data chunk claims ${size} bytes, the file holds ${fileSize - body}`;
      const frame = fmt.encoding === "pcm16" ? 4 : 8;
      return { ...fmt, dataOffset: body, dataBytes: size - (size % frame) };
    }
    at = body + size + (size % 2);
  }
  return "no data chunk in the file";
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
    if (info.size > MAX_WAV_BYTES)
      return { ok: false, problem: `the recording is ${(info.size / 1024 ** 3).toFixed(1)} GB, over the ${MAX_WAV_BYTES / 1024 ** 3} GB the analysis reads` };
    const fmt = await parseHeader(handle, info.size);
    if (typeof fmt === "string") return { ok: false, problem: fmt };
    return await streamFrames(handle, fmt);
  } finally {
    await handle.close();
  }
}

/** One pass in 1 MB reads: per frame and channel the RMS, the speech band's RMS and the samples at full scale. */
async function streamFrames(handle: FileHandle, fmt: Format): Promise<WavFrames> {
  const bytesPerSample = fmt.encoding === "pcm16" ? 2 : 4;
  const perFrame = Math.max(1, Math.round(fmt.sampleRate * FRAME_SECONDS));
  const samples = fmt.dataBytes / (2 * bytesPerSample);
  const analysed = Math.min(samples, Math.floor(MAX_ANALYSED_SECONDS * fmt.sampleRate));
  const frames = Math.ceil(analysed / perFrame);
  const channel = (): ChannelFrames => ({ rms: new Float32Array(frames), band: new Float32Array(frames), clipped: new Uint16Array(frames) });
  const user = channel();
  const agent = channel();
  const pole = highPassPole(fmt.sampleRate);
  const state = streamState();
  const full = fmt.encoding === "pcm16" ? 32767 / 32768 : 1;
  const chunk = Buffer.alloc(1 << 20);
  const scale = fmt.encoding === "pcm16" ? 1 / 32768 : 1;
  const wantBytes = analysed * 2 * bytesPerSample;
  const stereo = 2 * bytesPerSample;
  for (let pos = 0; pos < wantBytes;) {
    const { bytesRead } = await handle.read(chunk, 0, Math.min(chunk.length, wantBytes - pos), fmt.dataOffset + pos);
    const whole = bytesRead - (bytesRead % stereo);
    if (whole <= 0) break;
    // Little-endian samples read as one typed view (the platforms Node runs on are little-endian).
    const samples =
      fmt.encoding === "pcm16" ? new Int16Array(chunk.buffer, chunk.byteOffset, whole / 2) : new Float32Array(chunk.buffer, chunk.byteOffset, whole / 4);
    accumulate(samples, scale, pole, state, user, agent, perFrame, full);
    pos += whole;
  }
  closeFrames(state, user, agent);
  // A short read (the file shrank while read): the frames never filled stay silent.
  return { ok: true, sampleRate: fmt.sampleRate, durationSeconds: samples / fmt.sampleRate, analysedSeconds: analysed / fmt.sampleRate, user, agent };
}
