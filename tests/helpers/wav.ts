/** Writes WAV files with planted speech-like bursts, for the audio analysis tests and bench. */
import { closeSync, openSync, writeFileSync, writeSync } from "node:fs";

export interface Burst {
  channel: 0 | 1;
  start: number;
  end: number;
  /** Peak amplitude, 0..1 of full scale; ≥ 1 clips. */
  level?: number;
}

export interface HeaderOptions {
  /** 32-bit IEEE float samples instead of 16-bit PCM. */
  float?: boolean;
  /** WAVE_FORMAT_EXTENSIBLE with the format in its SubFormat (`subFormat` overrides it). */
  extensible?: boolean;
  subFormat?: number;
  /** Chunks before `data` (a LIST of tags, say), of these sizes. */
  before?: Array<{ id: string; size: number }>;
}

/** A RIFF/WAVE header for `dataBytes` of samples. */
export function wavHeader(o: HeaderOptions & { rate: number; channels: number; bits: number; dataBytes: number }): Buffer {
  const format = o.float ? 3 : 1;
  const fmt = Buffer.alloc(o.extensible ? 40 : 16);
  fmt.writeUInt16LE(o.extensible ? 0xfffe : format, 0);
  fmt.writeUInt16LE(o.channels, 2);
  fmt.writeUInt32LE(o.rate, 4);
  fmt.writeUInt32LE((o.rate * o.channels * o.bits) / 8, 8);
  fmt.writeUInt16LE((o.channels * o.bits) / 8, 12);
  fmt.writeUInt16LE(o.bits, 14);
  if (o.extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(o.bits, 18);
    fmt.writeUInt32LE(3, 20);
    // KSDATAFORMAT_SUBTYPE_*: the format code, then the fixed GUID tail.
    fmt.writeUInt16LE(o.subFormat ?? format, 24);
    Buffer.from("000000001000800000aa00389b71", "hex").copy(fmt, 26);
  }
  const chunk = (id: string, body: Buffer) => {
    const h = Buffer.alloc(8);
    h.write(id, 0, "ascii");
    h.writeUInt32LE(body.length, 4);
    return Buffer.concat([h, body, Buffer.alloc(body.length % 2)]);
  };
  const parts = [chunk("fmt ", fmt), ...(o.before ?? []).map((c) => chunk(c.id, Buffer.alloc(c.size, 0x41)))];
  const dataHead = Buffer.alloc(8);
  dataHead.write("data", 0, "ascii");
  dataHead.writeUInt32LE(o.dataBytes, 4);
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "ascii");
  const body = Buffer.concat([...parts, dataHead]);
  riff.writeUInt32LE(4 + body.length + o.dataBytes, 4);
  riff.write("WAVE", 8, "ascii");
  return Buffer.concat([riff, body]);
}

/** 16-bit PCM, `channels` channels; a 220 Hz tone with a 4 Hz syllable envelope inside each burst, faint noise elsewhere. */
export function wavBytes(
  opts: { seconds: number; sampleRate?: number; channels?: number; bits?: number; bursts: Burst[]; seed?: number } & HeaderOptions,
): Buffer {
  const rate = opts.sampleRate ?? 16000;
  const channels = opts.channels ?? 2;
  const bits = opts.float ? 32 : (opts.bits ?? 16);
  const n = Math.round(opts.seconds * rate);
  const bytesPer = bits / 8;
  const data = Buffer.alloc(n * channels * bytesPer);
  let seed = opts.seed ?? 1;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 0.001;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    for (let c = 0; c < channels; c++) {
      let x = noise();
      for (const b of opts.bursts) {
        if (b.channel === c && t >= b.start && t < b.end) {
          const level = b.level ?? 0.3;
          const env = 0.6 + 0.4 * Math.abs(Math.sin(2 * Math.PI * 4 * t));
          x += level >= 1 ? Math.sign(Math.sin(2 * Math.PI * 220 * t)) * 1.2 : level * env * Math.sin(2 * Math.PI * 220 * t);
        }
      }
      const v = Math.max(-1, Math.min(1, x));
      const at = (i * channels + c) * bytesPer;
      if (opts.float) data.writeFloatLE(x, at);
      else if (bits === 16) data.writeInt16LE(Math.round(v >= 0 ? v * 32767 : v * 32768), at);
      else data.writeUInt8(Math.round((v + 1) * 127.5), at);
    }
  }
  const header =
    opts.float || opts.extensible || opts.before
      ? wavHeader({ ...opts, rate, channels, bits, dataBytes: data.length })
      : classicHeader(rate, channels, bits, data.length);
  return Buffer.concat([header, data]);
}

function classicHeader(rate: number, channels: number, bits: number, dataBytes: number): Buffer {
  const bytesPer = bits / 8;
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write("WAVE", 8, "ascii");
  header.write("fmt ", 12, "ascii");
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * channels * bytesPer, 28);
  header.writeUInt16LE(channels * bytesPer, 32);
  header.writeUInt16LE(bits, 34);
  header.write("data", 36, "ascii");
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * A large 16-bit stereo WAV of short alternating bursts (issue 42's hostile recording), written in
 * pieces: `on` seconds of a tone on the left, then on the right, every `period` seconds.
 */
export function writeBurstsWav(path: string, o: { bytes: number; rate: number; on: number; period: number }): void {
  const frames = Math.floor(o.bytes / 4);
  const fd = openSync(path, "w");
  try {
    writeSync(fd, wavHeader({ rate: o.rate, channels: 2, bits: 16, dataBytes: frames * 4 }));
    const piece = new Int16Array(2 * 65536);
    for (let at = 0; at < frames; at += 65536) {
      const n = Math.min(65536, frames - at);
      for (let k = 0; k < n; k++) {
        const t = (at + k) / o.rate;
        const phase = t % o.period;
        const tone = Math.round(9000 * Math.sin(2 * Math.PI * 110 * t));
        // A faint line noise under the bursts (±8 steps), as a recording has.
        const hiss = () => ((k * 7919 + at) % 17) - 8;
        piece[2 * k] = phase < o.on ? tone : hiss();
        piece[2 * k + 1] = phase >= o.period / 2 && phase < o.period / 2 + o.on ? tone : hiss();
      }
      writeSync(fd, new Uint8Array(piece.buffer, 0, n * 4));
    }
  } finally {
    closeSync(fd);
  }
}

export function writeWav(path: string, opts: Parameters<typeof wavBytes>[0]): void {
  writeFileSync(path, wavBytes(opts));
}
