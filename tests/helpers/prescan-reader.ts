/**
 * The server's side of the command's scan, in a process of its own with the pipe at fd 3 (as
 * `bin/voice-eval-dashboard.mjs` starts Next):
 *   node --import tsx --conditions=react-server tests/helpers/prescan-reader.ts [silence-ms]
 * Prints one JSON line per progress step it was told, `{"list": …}` with the runs list's ids if told one, then `{"report": …}` (null when the pipe
 * ended without one), then `{"filled": true}` once the worker said `done` or the pipe ended.
 */
import { listenToPrescan } from "@/lib/server/live/prescan";

const silenceMs = process.argv[2] ? Number(process.argv[2]) : undefined;
const pipe = listenToPrescan(
  3,
  {
    onProgress: (progress) => console.log(JSON.stringify({ progress })),
    onList: (list) => console.log(JSON.stringify({ list: { ids: list.runs.map((r) => r.id), problems: list.problems.length } })),
  },
  silenceMs,
);
console.log(JSON.stringify({ report: await pipe.report }));
await pipe.filled;
console.log(JSON.stringify({ filled: true }));
