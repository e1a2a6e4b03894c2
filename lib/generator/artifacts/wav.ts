/** conversation_log.wav: 16-bit PCM stereo, left = user→agent audio, right = agent→user (§1.12). */
import type { Segment } from "../conversation";

export interface WavOptions {
  sampleRate: number;
  secondsPerTurn: number;
  /** Tones at the segments' real times: the file lasts as long as the call. */
  fullCall?: boolean;
}

/** Short synthetic tones, one per segment, so the file plays and stays small. */
export function synthWav(segments: readonly Segment[], o: WavOptions): Uint8Array {
  const gap = Math.round(o.sampleRate * 0.06);
  const per = Math.round(o.sampleRate * o.secondsPerTurn);
  const lastEnd = Math.max(0, ...segments.map((s) => s.end));
  const frames = o.fullCall ? Math.ceil((lastEnd + 0.5) * o.sampleRate) : segments.length * (per + gap) + gap;
  const dataBytes = frames * 4;
  const buf = new Uint8Array(44 + dataBytes);
  const v = new DataView(buf.buffer);
  const ascii = (off: number, s: string) => {
    for (let i = 0; i < s.length; i++) buf[off + i] = s.charCodeAt(i);
  };
  ascii(0, "RIFF");
  v.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true); // PCM
  v.setUint16(22, 2, true); // stereo
  v.setUint32(24, o.sampleRate, true);
  v.setUint32(28, o.sampleRate * 4, true);
  v.setUint16(32, 4, true);
  v.setUint16(34, 16, true);
  ascii(36, "data");
  v.setUint32(40, dataBytes, true);
  let frame = gap;
  segments.forEach((s, k) => {
    const freq = s.role === "user" ? 220 + (k % 4) * 30 : 330 + (k % 5) * 25;
    const channel = s.role === "user" ? 0 : 1;
    if (o.fullCall) frame = Math.max(0, Math.round(s.start * o.sampleRate));
    const len = o.fullCall ? Math.max(0, Math.min(frames - frame, Math.round((s.end - s.start) * o.sampleRate))) : per;
    for (let i = 0; i < len; i++) {
      const env = Math.min(1, i / 400, (len - i) / 400);
      // A syllable-like amplitude wobble makes the tone read as "speech" in a waveform view.
      const wobble = 0.55 + 0.45 * Math.sin((2 * Math.PI * 4 * i) / o.sampleRate);
      const sample = Math.round(9000 * env * wobble * Math.sin((2 * Math.PI * freq * i) / o.sampleRate));
      v.setInt16(44 + (frame + i) * 4 + channel * 2, sample, true);
    }
    frame += per + gap;
  });
  return buf;
}
