/**
 * A small round-robin load balancer for trying several desk instances (`npm run cluster`): healthy backends only,
 * bodies streamed both ways, X-Forwarded-* set, WebSocket upgrades passed through. Not a production proxy (no TLS, no limits).
 */
import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

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
    // With none healthy (each too slow to answer its check under load, say) every instance is tried: slow beats refused.
    const healthy = backends.filter((b) => up.has(b));
    const live = healthy.length ? healthy : backends;
    if (live.length === 0) return null;
    const backend = live[next % live.length]!;
    next += 1;
    counts[backend] = (counts[backend] ?? 0) + 1;
    return backend;
  };

  // Connections to the instances are kept and reused (a new one per request cost both ends a handshake and a socket).
  const agent = new Agent({ keepAlive: true, maxFreeSockets: 64, scheduling: "lifo" });

  const forwardedHeaders = (req: IncomingMessage): Record<string, string | string[]> => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    const peer = req.socket.remoteAddress ?? "";
    const prior = req.headers["x-forwarded-for"];
    headers["x-forwarded-for"] = prior ? `${String(prior)}, ${peer}` : peer;
    headers["x-forwarded-host"] = req.headers.host ?? "";
    headers["x-forwarded-proto"] = "http";
    return headers;
  };
  const endToEnd = (from: IncomingHttpHeaders): Record<string, string | string[]> => {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(from)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
    return out;
  };
  const badGateway = (res: ServerResponse) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "bad_gateway", message: "The desk instance did not answer." } }));
    else res.destroy();
  };

  const forward = (req: IncomingMessage, res: ServerResponse, backend = pick(), retried = false) => {
    if (!backend) {
      res.writeHead(503, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: "no_backend", message: "No desk instance is answering." } }));
      return;
    }
    const bodyless = (req.method === "GET" || req.method === "HEAD") && !req.headers["content-length"] && !req.headers["transfer-encoding"];
    // A streamed body cannot be sent twice, so it goes on a connection of its own, which no earlier close can have reset.
    const upstream = request(new URL(req.url ?? "/", backend), { method: req.method, headers: forwardedHeaders(req), agent: bodyless ? agent : false }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      res.flushHeaders();
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      // A kept connection the instance closed as it was reused: the request is sent once more, as browsers do, and
      // the instance stays in rotation (the connection failed, not the instance).
      if (upstream.reusedSocket && error.code === "ECONNRESET" && !retried && !res.headersSent) return forward(req, res, backend, true);
      if (!upstream.reusedSocket) up.delete(backend);
      badGateway(res);
    });
    // A browser that leaves early closes its request upstream too (an SSE stream ends on the desk); a finished answer's connection is kept.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (bodyless) upstream.end();
    else req.pipe(upstream);
  };

  /** A WebSocket handshake: sent to the next instance on a connection of its own, then bytes piped both ways. */
  const forwardUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const backend = pick();
    const refuse = (status: string) => socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    if (!backend) return void refuse("503 Service Unavailable");
    socket.on("error", () => socket.destroy());
    const headers = { ...forwardedHeaders(req), connection: "Upgrade", upgrade: String(req.headers.upgrade ?? "") };
    const upstream = request(new URL(req.url ?? "/", backend), { method: req.method, headers, agent: false });
    upstream.on("upgrade", (answer, upSocket, upHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode ?? 101} ${answer.statusMessage ?? "Switching Protocols"}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (upHead.length) socket.write(upHead);
      if (head.length) upSocket.write(head);
      upSocket.on("error", () => socket.destroy());
      socket.on("close", () => upSocket.destroy());
      upSocket.on("close", () => socket.destroy());
      upSocket.pipe(socket).pipe(upSocket);
    });
    // The instance refused the upgrade: its answer goes back as it is, and the connection closes.
    upstream.on("response", (answer) => {
      const lines = [`HTTP/1.1 ${answer.statusCode ?? 502} ${answer.statusMessage ?? ""}`];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        const name = answer.rawHeaders[i]!.toLowerCase();
        if (!HOP_BY_HOP.has(name)) lines.push(`${answer.rawHeaders[i]}: ${answer.rawHeaders[i + 1]}`);
      }
      lines.push("Connection: close");
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      answer.pipe(socket);
    });
    upstream.on("error", () => {
      up.delete(backend);
      refuse("502 Bad Gateway");
    });
    socket.on("close", () => upstream.destroy());
    upstream.end();
  };

  const server = createServer((req, res) => forward(req, res));
  server.on("upgrade", forwardUpgrade);
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
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
