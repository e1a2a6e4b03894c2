/** Writes WAV files with planted speech-like bursts, for the audio analysis tests and bench. */
import { writeFileSync } from "node:fs";

export interface Burst {
  channel: 0 | 1;
  start: number;
  end: number;
  /** Peak amplitude, 0..1 of full scale; ≥ 1 clips. */
  level?: number;
}

/** 16-bit PCM, `channels` channels; a 220 Hz tone with a 4 Hz syllable envelope inside each burst, faint noise elsewhere. */
export function wavBytes(opts: { seconds: number; sampleRate?: number; channels?: number; bits?: number; bursts: Burst[]; seed?: number }): Buffer {
  const rate = opts.sampleRate ?? 16000;
  const channels = opts.channels ?? 2;
  const bits = opts.bits ?? 16;
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
      if (bits === 16) data.writeInt16LE(Math.round(v >= 0 ? v * 32767 : v * 32768), at);
      else data.writeUInt8(Math.round((v + 1) * 127.5), at);
    }
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0, "ascii");
  header.writeUInt32LE(36 + data.length, 4);
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
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export function writeWav(path: string, opts: Parameters<typeof wavBytes>[0]): void {
  writeFileSync(path, wavBytes(opts));
}
