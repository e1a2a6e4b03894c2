/**
 * Every tool answer is bounded in bytes, one call and one request (issue 54): a JSON-RPC batch of up
 * to 100 calls (the SDK's cap, a 14.5 KB request) was answered all at once, each call holding its
 * answer until the last was done, and 100 `list_scenarios` over 1 MB stop reasons ran the heap out.
 * The calls of one request now run one after the other, each answer is measured once made, and an
 * answer past its bound, or past what the request has left, is replaced by a short error saying how
 * to ask for less: what the transport holds for one request stays under `REQUEST_ANSWER_BYTES`.
 */
import "server-only";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** Bytes of one tool's answer as JSON (its structured content and its text together). */
export const ANSWER_BYTES = 1024 * 1024;
/** Bytes of all the answers of one request (a batch), or of calls made while others wait (stdio). */
export const REQUEST_ANSWER_BYTES = 4 * 1024 * 1024;

const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function refusal(text: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text }] };
}

/**
 * The answers of one server's calls, one call at a time. `perRequest`: the server answers one HTTP
 * request (the budget is that request's); otherwise (stdio, one server for a session) the budget
 * starts again whenever no call is waiting or running.
 */
export class AnswerBudget {
  #spent = 0;
  #pending = 0;
  #last: Promise<unknown> = Promise.resolve();

  constructor(
    readonly perRequest: boolean,
    readonly answerBytes = ANSWER_BYTES,
    readonly requestBytes = REQUEST_ANSWER_BYTES,
  ) {}

  /** Runs `call` once the calls before it are done, and returns its answer if it fits, else why not. */
  run(tool: string, call: () => Promise<CallToolResult>): Promise<CallToolResult> {
    if (!this.perRequest && this.#pending === 0) this.#spent = 0;
    this.#pending++;
    const turn = this.#last.then(async () => {
      try {
        // Other requests are answered between the calls of a batch.
        await new Promise((resolve) => setImmediate(resolve));
        if (this.#spent >= this.requestBytes) {
          return refusal(
            `Not answered: this request's answers already hold ${MB(this.#spent)} (the bound is ${MB(this.requestBytes)}). Call ${tool} in a request of its own.`,
          );
        }
        const result = await call();
        const bytes = Buffer.byteLength(JSON.stringify(result));
        if (bytes > this.answerBytes) {
          return refusal(
            `${tool}'s answer would be ${MB(bytes)}, over the bound of ${MB(this.answerBytes)} for one call: ask for less (a smaller limit, an offset, fewer includes).`,
          );
        }
        if (this.#spent + bytes > this.requestBytes) {
          this.#spent = this.requestBytes;
          return refusal(
            `Not answered: ${tool}'s answer (${MB(bytes)}) would take this request's answers past ${MB(this.requestBytes)}. Call it in a request of its own.`,
          );
        }
        this.#spent += bytes;
        return result;
      } finally {
        this.#pending--;
      }
    });
    this.#last = turn.catch(() => {});
    return turn;
  }
}

/** Makes every tool registered on `server` from now on answer through `budget`. */
export function boundAnswers(server: McpServer, budget: AnswerBudget): void {
  const register = server.registerTool.bind(server) as (name: string, config: unknown, cb: (...args: unknown[]) => Promise<CallToolResult>) => unknown;
  const bounded = (name: string, config: unknown, cb: (...args: unknown[]) => Promise<CallToolResult>) =>
    register(name, config, (...args: unknown[]) => budget.run(name, () => cb(...args)));
  server.registerTool = bounded as unknown as McpServer["registerTool"];
}
