/**
 * A Server-Sent Events response: a `hello` first, whatever `subscribe` sends, and a heartbeat; the
 * subscription ends when the client goes away. `HEAD` (and a request already aborted) subscribes
 * nothing, so no listener or timer is ever left behind.
 */
import "server-only";

const HEARTBEAT_MS = 15_000;
export const SSE_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  "cache-control": "no-cache, no-transform",
  connection: "keep-alive",
  "x-accel-buffering": "no",
};

export function sseResponse(request: Request, hello: string, subscribe: (send: (event: string) => void) => () => void): Response {
  if (request.method === "HEAD") return new Response(null, { headers: SSE_HEADERS });
  if (request.signal.aborted) return new Response(null, { status: 204 });
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      send(`retry: 2000\n${hello}`);
      const unsubscribe = subscribe(send);
      const heartbeat = setInterval(() => send(`: heartbeat ${Date.now()}\n\n`), HEARTBEAT_MS);
      let done = false;
      cleanup = () => {
        if (done) return;
        done = true;
        unsubscribe();
        clearInterval(heartbeat);
        request.signal.removeEventListener("abort", cleanup);
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      request.signal.addEventListener("abort", cleanup);
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
