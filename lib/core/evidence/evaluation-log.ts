/** The one reader of `evaluation_log.txt`: lines, sessions and the events that matter (ARTIFACTS.md §5). */

export interface LogLine {
  /** `YYYY-MM-DD HH:MM:SS` local time, or `null` for an unprefixed continuation line. */
  time: string | null;
  level: string | null;
  message: string;
}

export interface LogSession {
  /** Timestamp of the `Queued …` line that opens the session. */
  startedAt: string | null;
  resuming: boolean;
  queuedCount: number | null;
  queued: string[] | null;
  /** Scenarios loaded from disk on resume (`[SKIP] <name>: already complete…`). */
  loaded: string[];
  /** Scenarios moved aside (`[CLEANUP] <name>: …`). */
  movedAside: string[];
  /** `Starting Scenario k/N: name`, in order. */
  started: Array<{ position: number; of: number; name: string; time: string | null }>;
  completed: string[];
  complete: boolean;
  failed: string | null;
  interrupted: boolean;
  lastTime: string | null;
  /** `Using LLM judge: <url> with model: <model>` (§5): the judge was on in this session. */
  judge?: { url: string; model: string | null } | null;
}

const PREFIX = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) \| [^|]*\| \[([A-Z]+)\]: ?(.*)$/;

export function parseLogLines(text: string): LogLine[] {
  const out: LogLine[] = [];
  for (const raw of text.split("\n")) {
    // Kept parts of the line must not pin the whole (megabytes) log text in memory.
    const line = detach(raw.endsWith("\r") ? raw.slice(0, -1) : raw);
    const m = PREFIX.exec(line);
    if (m) out.push({ time: m[1] as string, level: m[2] as string, message: m[3] as string });
    else out.push({ time: null, level: null, message: line });
  }
  return out;
}

function newSession(startedAt: string | null, resuming: boolean): LogSession {
  return {
    startedAt,
    resuming,
    queuedCount: null,
    queued: null,
    loaded: [],
    movedAside: [],
    started: [],
    completed: [],
    complete: false,
    failed: null,
    interrupted: false,
    lastTime: startedAt,
    judge: null,
  };
}

const QUEUED = /Queued (\d+) scenario\(s\): (\[.*\])\s*$/;
const STARTING = /Starting Scenario (\d+)\/(\d+): (.+)$/;
const COMPLETE_SCENARIO = /Scenario '(.+)' Complete$/;
const SKIP = /\[SKIP\] (.+?): already complete/;
const CLEANUP = /\[CLEANUP\] (.+?): subdir was in-flight/;
const JUDGE = /Using LLM judge: (\S+)(?: with model: (.+))?$/;

const MARKERS =
  /Queued \d|Using LLM judge: |Starting Scenario|Scenario '|\[SKIP\]|\[CLEANUP\]|Evaluation Complete!|Evaluation failed:|Evaluation interrupted by user|=== RESUMING run/;

/**
 * The lines that carry one of the events below, parsed. Logs of long runs are megabytes of
 * per-scenario recaps; only a few lines per scenario matter, so the rest are skipped unparsed.
 * One search of the whole text finds them: no marker spans a line break, so a line holds a match
 * exactly when a line-by-line test would pass it, and the 40,000 other lines of a 2,000-scenario
 * log are not cut out and tested one by one (the regex's time nearly halved; the run levels of the
 * benchmark's 50 runs at 100k, 7 of them resumed, whose whole logs are read, from 429–488 to 401–416 ms).
 */
function* markerLines(text: string): Generator<LogLine> {
  const markers = new RegExp(MARKERS.source, "g");
  let found: RegExpExecArray | null;
  while ((found = markers.exec(text)) !== null) {
    const start = text.lastIndexOf("\n", found.index) + 1;
    let end = text.indexOf("\n", found.index);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end);
    // The next search starts on the next line: a line is yielded once, however many markers it holds.
    markers.lastIndex = end + 1;
    // Kept parts of the line must not pin the whole (megabytes) log text in memory.
    const line = detach(raw.endsWith("\r") ? raw.slice(0, -1) : raw);
    const m = PREFIX.exec(line);
    yield m ? { time: m[1] as string, level: m[2] as string, message: m[3] as string } : { time: null, level: null, message: line };
  }
}

/**
 * A copy of `s` that does not share memory with the text it was cut from (V8 keeps the whole parent
 * string alive behind a slice).
 */
export function detach(s: string): string {
  return s.length < 13 ? s : (JSON.parse(JSON.stringify(s)) as string);
}

/**
 * Splits the log into sessions at each `Queued … scenario(s):` line (§5.3 step 1).
 * `fromTail`: the text is the end of a single-session log (cut at a line start); its events belong
 * to that one session even though its `Queued` line is not in the text.
 */
export function parseEvaluationLog(text: string, fromTail = false): LogSession[] {
  const sessions: LogSession[] = [];
  let current: LogSession | null = null;
  if (fromTail) {
    current = newSession(null, false);
    sessions.push(current);
  }
  let resumingNext = false;
  for (const line of markerLines(text)) {
    const msg = line.message;
    if (msg.includes("=== RESUMING run")) {
      resumingNext = true;
      continue;
    }
    const queued = QUEUED.exec(msg);
    if (queued) {
      current = newSession(line.time, resumingNext);
      resumingNext = false;
      current.queuedCount = Number(queued[1]);
      current.queued = parsePythonStringList(queued[2] as string);
      sessions.push(current);
      continue;
    }
    if (!current) continue;
    if (line.time) current.lastTime = line.time;
    let m: RegExpExecArray | null;
    if ((m = STARTING.exec(msg))) {
      current.started.push({ position: Number(m[1]), of: Number(m[2]), name: (m[3] as string).trim(), time: line.time });
    } else if ((m = COMPLETE_SCENARIO.exec(msg))) {
      current.completed.push(m[1] as string);
    } else if ((m = SKIP.exec(msg))) {
      current.loaded.push(m[1] as string);
    } else if ((m = CLEANUP.exec(msg))) {
      current.movedAside.push(m[1] as string);
    } else if ((m = JUDGE.exec(msg))) {
      current.judge = { url: m[1] as string, model: m[2]?.trim() ?? null };
    } else if (msg.includes("Evaluation Complete!")) {
      current.complete = true;
    } else if (msg.includes("Evaluation failed:")) {
      current.failed = msg.slice(msg.indexOf("Evaluation failed:") + "Evaluation failed:".length).trim();
    } else if (msg.includes("Evaluation interrupted by user")) {
      current.interrupted = true;
    }
  }
  return sessions;
}

/** Parses a Python list-of-str repr (`['a', "b'c"]`); `null` if it is not one. */
export function parsePythonStringList(text: string): string[] | null {
  const s = text.trim();
  if (!s.startsWith("[") || !s.endsWith("]")) return null;
  const out: string[] = [];
  let i = 1;
  const skipSpace = () => {
    while (i < s.length && /\s/.test(s[i] as string)) i++;
  };
  skipSpace();
  if (s[i] === "]") return out;
  while (i < s.length) {
    skipSpace();
    const quote = s[i];
    if (quote !== "'" && quote !== '"') return null;
    i++;
    let value = "";
    while (i < s.length && s[i] !== quote) {
      if (s[i] === "\\" && i + 1 < s.length) {
        const next = s[i + 1] as string;
        // Python repr escapes: \n \r \t, \xHH, \uHHHH, \UHHHHHHHH for non-printable characters; else the character itself.
        const width = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
        const hex = width ? s.slice(i + 2, i + 2 + width) : "";
        if (width && /^[0-9a-fA-F]+$/.test(hex) && hex.length === width && Number.parseInt(hex, 16) <= 0x10ffff) {
          value += String.fromCodePoint(Number.parseInt(hex, 16));
          i += 2 + width;
          continue;
        }
        value += next === "n" ? "\n" : next === "t" ? "\t" : next === "r" ? "\r" : next;
        i += 2;
      } else {
        // Copy runs of plain characters at once rather than one by one.
        let j = i + 1;
        while (j < s.length && s[j] !== quote && s[j] !== "\\") j++;
        value += s.slice(i, j);
        i = j;
      }
    }
    if (i >= s.length) return null;
    i++;
    out.push(detach(value));
    skipSpace();
    if (s[i] === ",") {
      i++;
      continue;
    }
    if (s[i] === "]") return out;
    return null;
  }
  return null;
}

/** The scenario started last in a session and not yet reported complete. */
export function inFlightScenario(session: LogSession): { name: string; position: number; of: number; time: string | null } | null {
  const last = session.started[session.started.length - 1];
  if (!last) return null;
  return session.completed.includes(last.name) ? null : last;
}
