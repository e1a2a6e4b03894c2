/**
 * The recording's analysis (issue 34): a 10-minute 16 kHz stereo call (about 38 MB) streamed into
 * frame energies and analysed, against the floor of reading the same file whole and summing its
 * squares once (the least any energy measure must do).
 */
import { readFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyseAudio } from "@/lib/core/audio/analyse";
import { readWavFrames } from "@/lib/server/audio/wav-frames";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { writeBurstsWav, writeWav, type Burst } from "../tests/helpers/wav";

export async function audioFigures(report: (label: string, value: string) => void, repeat = 5): Promise<void> {
  const path = join(mkdtempSync(join(tmpdir(), "ved-bench-audio-")), "call.wav");
  const bursts: Burst[] = [];
  for (let t = 1; t < 595; t += 9) bursts.push({ channel: 1, start: t, end: t + 3.5 }, { channel: 0, start: t + 4.3, end: t + 7.8 });
  writeWav(path, { seconds: 600, bursts });
  const full: number[] = [];
  const floor: number[] = [];
  for (let i = 0; i < repeat; i++) {
    let t = performance.now();
    const bytes = readFileSync(path);
    const pcm = new Int16Array(bytes.buffer, bytes.byteOffset + 44, (bytes.length - 44) >> 1);
    let s = 0;
    for (let k = 0; k < pcm.length; k++) s += (pcm[k] as number) ** 2;
    floor.push(performance.now() - t);
    if (s < 0) throw new Error("unreachable");
    t = performance.now();
    const frames = await readWavFrames(path);
    if (!frames.ok) throw new Error(frames.problem);
    analyseAudio({ ...frames, turns: [] });
    full.push(performance.now() - t);
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  report(
    "audio analysis of a 10-minute stereo call (16 kHz, 38 MB)",
    `${Math.round(med(full))} ms (${Math.round(Math.min(...full))}–${Math.round(Math.max(...full))} over ${repeat}); a plain read of the whole file with one pass of squares ${Math.round(med(floor))} ms`,
  );
}

/**
 * Issue 42's hostile recording: 100 MB of 0.15 s bursts alternating every 0.7 s at 1 kHz (7.3 hours,
 * ~37,000 spurts a side), analysed while a health endpoint in the same process is asked every 50 ms
 * over HTTP: the longest answer is what `/api/health` waits while an analysis runs.
 */
export async function audio100MbFigures(report: (label: string, value: string) => void): Promise<void> {
  const path = join(mkdtempSync(join(tmpdir(), "ved-bench-audio-")), "bursts.wav");
  writeBurstsWav(path, { bytes: 100 * 1024 * 1024, rate: 1000, on: 0.15, period: 0.7 });
  const server = createServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`;
  const latencies: number[] = [];
  let running = true;
  const probe = (async () => {
    while (running) {
      const t = performance.now();
      await fetch(url).then((r) => r.text());
      latencies.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t = performance.now();
  const frames = await readWavFrames(path);
  if (!frames.ok) throw new Error(frames.problem);
  const a = analyseAudio({ ...frames, turns: [] });
  const ms = performance.now() - t;
  // One more probe after the synchronous part.
  await new Promise((r) => setTimeout(r, 120));
  running = false;
  await probe;
  server.close();
  const worst = Math.max(...latencies);
  report(
    "audio at 100 MB (1 kHz bursts, 7.3 h, first 3 h analysed)",
    `${Math.round(ms)} ms, ${a.counts.userSpurts + a.counts.agentSpurts} spurts (lists cut at ${a.speech.user.length}); health latency over HTTP while it ran: max ${Math.round(worst)} ms over ${latencies.length} probes`,
  );
}
