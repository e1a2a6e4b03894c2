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

/** A channel's running state between pieces of a stream: the filter's memory, the frame being filled. */
export function channelState(): Float64Array {
  // x1, y1, z1 (the high-pass's last input and output, the average's last input); the open frame's sum,
  // band sum, clipped count; its index; samples in it.
  return new Float64Array(8);
}

export interface FrameOut {
  rms: Float32Array;
  band: Float32Array;
  clipped: Uint16Array;
}

/**
 * Frame features of one channel's samples, in one pass: per frame the RMS of the signal and of its
 * speech band, and the samples at full scale. `samples` interleaves channels (`offset`, `stride`); the
 * state carries from call to call, so a stream is fed in pieces, and `closeFrame` ends the last one.
 * One channel per call and plain locals: two channels' chains in one loop ran 4× slower.
 */
export function accumulate(samples: Float32Array, offset: number, stride: number, pole: number, state: Float64Array, out: FrameOut, perFrame: number, full: number): void {
  const rms = out.rms;
  const bandOut = out.band;
  const clippedOut = out.clipped;
  const frames = rms.length;
  let x1 = state[0] as number;
  let y1 = state[1] as number;
  let z1 = state[2] as number;
  let sum = state[3] as number;
  let band = state[4] as number;
  // Integers, not doubles from the state array: a double index makes every typed-array store slow.
  let clipped = (state[5] as number) | 0;
  let f = (state[6] as number) | 0;
  let inFrame = (state[7] as number) | 0;
  const n = samples.length;
  for (let k = offset; k < n; k += stride) {
    let x = samples[k] as number;
    // NaN or ±Infinity in a float file: silence, not a poisoned frame.
    if (!(x > -2 && x < 2)) x = 0;
    sum += x * x;
    if (x >= full || x <= -full) clipped++;
    const y = pole * (y1 + x - x1);
    x1 = x;
    y1 = y;
    const z = 0.5 * (y + z1);
    z1 = y;
    band += z * z;
    if (++inFrame === perFrame) {
      if (f >= frames) break;
      rms[f] = Math.sqrt(sum / perFrame);
      bandOut[f] = Math.sqrt(band / perFrame);
      clippedOut[f] = clipped > 65535 ? 65535 : clipped;
      sum = 0;
      band = 0;
      clipped = 0;
      inFrame = 0;
      f++;
    }
  }
  state[0] = x1;
  state[1] = y1;
  state[2] = z1;
  state[3] = sum;
  state[4] = band;
  state[5] = clipped;
  state[6] = f;
  state[7] = inFrame;
}

/** Ends a stream: the last, partly filled frame. */
export function closeFrame(state: Float64Array, out: FrameOut): void {
  const f = state[6] as number;
  const n = state[7] as number;
  if (n === 0 || f >= out.rms.length) return;
  out.rms[f] = Math.sqrt((state[3] as number) / n);
  out.band[f] = Math.sqrt((state[4] as number) / n);
  out.clipped[f] = Math.min(65535, state[5] as number);
}
