/**
 * The framework's floor for the proxy bench: two bare Next.js route handlers, served by the same `next start` as the
 * desk's real `/api/alpha/[...path]`, so the proxy is compared with what Next.js itself costs per call.
 * - memory: answers the bytes of the proxy's cached answer from memory (the bench POSTs them once before measuring);
 * - forward: makes one keep-alive call to the service (same path and query, the floor's own key) and returns its body.
 * They are routes only in a bench build: app/api/bench-floor/*\/route.bench.ts, and next.config.ts adds the `bench.ts`
 * page extension only when NEXT_BENCH_ROUTES=1 at build time (bench/proxy/run.ts builds into .next-bench).
 * The forwarding floor reads BENCH_FLOOR_KEY (its own account's key) and the desk's ALPHA_BASE_URL from the
 * environment of `next start`.
 */
import http from "node:http";

const NO_STORE = "no-store";
let memoryBody: Uint8Array<ArrayBuffer> | null = null;

/** GET: the bytes the bench gave, from memory. */
export function floorMemory(): Response {
  if (!memoryBody) return new Response("the bench has not given the floor its bytes yet", { status: 409 });
  return new Response(memoryBody, { status: 200, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE } });
}

/** POST: the bench gives the bytes (the proxy's cached answer, as it sends it), once before measuring. */
export async function keepFloorBytes(request: Request): Promise<Response> {
  memoryBody = new Uint8Array(await request.arrayBuffer());
  return new Response(null, { status: 204 });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

export function floorForward(request: Request): Promise<Response> {
  const target = new URL(process.env.ALPHA_BASE_URL ?? "http://127.0.0.1:4010");
  const { search } = new URL(request.url);
  const path = `/v1/news${search}`;
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: target.hostname, port: target.port, path, method: "GET", agent, headers: { "X-API-Key": process.env.BENCH_FLOOR_KEY ?? "", Accept: "application/json" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve(new Response(new Uint8Array(Buffer.concat(chunks)), { status: res.statusCode ?? 502, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": NO_STORE } })),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
