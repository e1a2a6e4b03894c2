/**
 * The browser's one client for the dashboard's own API. Each call names its endpoint (every URL
 * comes from lib/shared/routes.ts, built here or by the server page that passed it down) and the
 * type of its answer; an answer that is not OK throws `ApiError` with the server's own message.
 * The ledger's writes (CSRF token, JSON bodies) are in components/ledger/ledger-client.ts, on `request`.
 */
import type { AudioAnalysis } from "@/lib/core/audio/analyse";
import type { ScenarioPage } from "@/lib/shared/dto";
import { apiScenariosHref, apiTimingHref } from "@/lib/shared/routes";
import type { RunTiming } from "@/lib/shared/timing";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** One same-origin, uncached request; a status `accept` refuses throws with the body's `error`. */
export async function request(href: string, init: RequestInit = {}, accept: (status: number) => boolean = (s) => s >= 200 && s < 300): Promise<Response> {
  const res = await fetch(href, { cache: "no-store", credentials: "same-origin", ...init });
  if (!accept(res.status)) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    throw new ApiError(res.status, typeof body?.error === "string" ? body.error : `HTTP ${res.status}`);
  }
  return res;
}

const json = async <T>(href: string): Promise<T> => (await (await request(href)).json()) as T;
const text = async (href: string): Promise<string> => (await request(href)).text();

export interface ToolCallBody {
  call: { arguments: unknown; result: string | null };
}

/** Part of a file of the scenario as stored (an HTTP range), and the file's whole size when the server said it. */
export interface FilePart {
  status: number;
  text: string;
  total: number;
}

export const api = {
  /** A page of a run's scenario rows (`query`: the table's view with offset and limit). */
  scenarioPage: (runId: string, query: string) => json<ScenarioPage>(apiScenariosHref(runId, query)),
  runTiming: (runId: string) => json<RunTiming>(apiTimingHref(runId)),
  /** A tool call's whole arguments and result (`apiToolCallHref`). */
  toolCall: (href: string) => json<ToolCallBody>(href),
  /** A text the page showed capped, whole (`apiTextHref`). */
  wholeText: (href: string) => text(href),
  /** The recomputed all_summary.txt. */
  summaryText: (href: string) => text(href),
  /** The recording measured (`apiAudioAnalysisHref`). */
  audioAnalysis: (href: string) => json<AudioAnalysis>(href),
  /** Bytes of a scenario file (`apiFileHref`); 416 (an empty file) reads as "". */
  filePart: async (href: string, range: string): Promise<FilePart> => {
    const res = await request(href, { headers: { range } }, (s) => (s >= 200 && s < 300) || s === 416);
    const total = Number(res.headers.get("content-range")?.split("/")[1] ?? NaN);
    return { status: res.status, text: res.status === 416 ? "" : await res.text(), total };
  },
};
