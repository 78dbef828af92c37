/**
 * A small round-robin load balancer for trying several desk instances (`npm run cluster`): healthy backends only,
 * bodies streamed both ways, X-Forwarded-* set. Not a production proxy (no TLS, no limits).
 */
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface RoundRobinProxy {
  server: Server;
  url: string;
  /** Backends in rotation now (healthy at their last check). */
  healthy(): string[];
  /** How many requests each backend was given. */
  counts(): Record<string, number>;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade"]);

export async function startRoundRobinProxy(options: { backends: string[]; port: number; host?: string; healthEveryMs?: number }): Promise<RoundRobinProxy> {
  const backends = options.backends.map((b) => b.replace(/\/+$/, ""));
  const up = new Set(backends);
  const counts: Record<string, number> = Object.fromEntries(backends.map((b) => [b, 0]));
  let next = 0;

  const check = async () => {
    await Promise.all(
      backends.map(async (backend) => {
        try {
          const res = await fetch(`${backend}/api/health`, { signal: AbortSignal.timeout(2_000) });
          if (res.ok) up.add(backend);
          else up.delete(backend);
        } catch {
          up.delete(backend);
        }
      }),
    );
  };
  const timer = setInterval(() => void check(), options.healthEveryMs ?? 2_000);
  timer.unref();

  const pick = (): string | null => {
    const live = backends.filter((b) => up.has(b));
    if (live.length === 0) return null;
    const backend = live[next % live.length]!;
    next += 1;
    counts[backend] = (counts[backend] ?? 0) + 1;
    return backend;
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const backend = pick();
    if (!backend) {
      res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "no_backend", message: "No desk instance is answering." } }));
      return;
    }
    const target = new URL(req.url ?? "/", backend);
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    const peer = req.socket.remoteAddress ?? "";
    const prior = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = prior ? `${String(prior)}, ${peer}` : peer;
    headers["x-forwarded-host"] = req.headers.host ?? "";
    headers["x-forwarded-proto"] = "http";
    const upstream = request(target, { method: req.method, headers, agent: false }, (answer) => {
      const out: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
      res.writeHead(answer.statusCode ?? 502, out);
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on("error", () => {
      up.delete(backend);
      if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "bad_gateway", message: "The desk instance did not answer." } }));
      else res.destroy();
    });
    // A browser that leaves closes its request upstream too (an SSE stream ends on the desk).
    res.on("close", () => upstream.destroy());
    req.pipe(upstream);
  };

  const server = createServer(forward);
  await check();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : options.port;
  return {
    server,
    url: `http://${options.host ?? "127.0.0.1"}:${port}`,
    healthy: () => backends.filter((b) => up.has(b)),
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        clearInterval(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
