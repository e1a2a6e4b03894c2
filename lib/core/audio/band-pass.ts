/**
 * A speech band of a signal, sample by sample, cheaply: a first-order high-pass at 200 Hz (mains hum at
 * 50/60 Hz and rumble fall 10–12 dB, DC entirely) and a two-tap average (a zero at the Nyquist frequency:
 * the top of a white noise's band falls). Speech keeps nearly all its power; a broadband noise loses
 * some, a hum most. One multiply in the loop-carried chain: a biquad cascade cost 5× the file's read.
 */

/** The high-pass's pole for this sample rate. */
export function highPassPole(rate: number): number {
  const rc = 1 / (2 * Math.PI * Math.min(200, rate / 8));
  return rc / (rc + 1 / rate);
}

/** A stereo stream's running state between pieces: each channel's filter memory and open frame. */
export function streamState(): Float64Array {
  // Per channel (left at 0, right at 5): x1, y1 (the high-pass's last input and output), the open
  // frame's sum, band sum, clipped count; then the frame's index and the samples in it (10, 11).
  return new Float64Array(12);
}

export interface FrameOut {
  rms: Float32Array;
  band: Float32Array;
  clipped: Uint16Array;
}

/**
 * Frame features of an interleaved stereo stream's samples (16-bit read as they are with `scale`
 * 1/32768, or floats), in one pass: per frame and channel the RMS of the signal and of its speech band,
 * and the samples at full scale. The state carries from call to call, so a stream is fed in pieces,
 * and `closeFrames` ends the last frame. Both channels in one loop over plain locals: this is the
 * reader's hot path (a 10-minute call is 19 million samples); a copy to floats first, or one pass per
 * channel, each cost a third more.
 */
export function accumulate(
  samples: Int16Array | Float32Array,
  scale: number,
  pole: number,
  state: Float64Array,
  left: FrameOut,
  right: FrameOut,
  perFrame: number,
  full: number,
): void {
  const frames = left.rms.length;
  let lx1 = state[0] as number;
  let ly1 = state[1] as number;
  let ls = state[2] as number;
  let lb = state[3] as number;
  // Integers, not doubles from the state array: a double index makes every typed-array store slow.
  let lc = (state[4] as number) | 0;
  let rx1 = state[5] as number;
  let ry1 = state[6] as number;
  let rs = state[7] as number;
  let rb = state[8] as number;
  let rc = (state[9] as number) | 0;
  let f = (state[10] as number) | 0;
  let inFrame = (state[11] as number) | 0;
  const n = samples.length - 1;
  for (let k = 0; k < n && f < frames; k += 2) {
    let l = (samples[k] as number) * scale;
    let r = (samples[k + 1] as number) * scale;
    // NaN or ±Infinity in a float file: silence, not a poisoned frame.
    if (!(l > -2 && l < 2)) l = 0;
    if (!(r > -2 && r < 2)) r = 0;
    ls += l * l;
    rs += r * r;
    if (l >= full || l <= -full) lc++;
    if (r >= full || r <= -full) rc++;
    const yl = pole * (ly1 + l - lx1);
    lx1 = l;
    const zl = 0.5 * (yl + ly1);
    ly1 = yl;
    lb += zl * zl;
    const yr = pole * (ry1 + r - rx1);
    rx1 = r;
    const zr = 0.5 * (yr + ry1);
    ry1 = yr;
    rb += zr * zr;
    if (++inFrame === perFrame) {
      left.rms[f] = Math.sqrt(ls / perFrame);
      left.band[f] = Math.sqrt(lb / perFrame);
      left.clipped[f] = lc > 65535 ? 65535 : lc;
      right.rms[f] = Math.sqrt(rs / perFrame);
      right.band[f] = Math.sqrt(rb / perFrame);
      right.clipped[f] = rc > 65535 ? 65535 : rc;
      ls = lb = rs = rb = 0;
      lc = rc = 0;
      inFrame = 0;
      f++;
    }
  }
  // Back in the layout `streamState` names (once per piece, not per sample).
  state.set([lx1, ly1, ls, lb, lc, rx1, ry1, rs, rb, rc, f, inFrame]);
}

/** Ends a stream: the last, partly filled frame of each channel. */
export function closeFrames(state: Float64Array, left: FrameOut, right: FrameOut): void {
  const f = state[10] as number;
  const n = state[11] as number;
  if (n === 0 || f >= left.rms.length) return;
  for (const [out, at] of [
    [left, 0],
    [right, 5],
  ] as const) {
    out.rms[f] = Math.sqrt((state[at + 2] as number) / n);
    out.band[f] = Math.sqrt((state[at + 3] as number) / n);
    out.clipped[f] = Math.min(65535, state[at + 4] as number);
  }
}
