import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { startRoundRobinProxy, type RoundRobinProxy } from "./round-robin-proxy";

const servers: Server[] = [];
const proxies: RoundRobinProxy[] = [];
afterAll(async () => {
  for (const p of proxies) await p.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A stand-in desk instance: its name on every answer, a health answer it can be told to fail, an SSE route. */
async function backend(name: string): Promise<{ url: string; healthy: { value: boolean }; seen: string[]; connections: { value: number }; streamsLeft: { value: number } }> {
  const healthy = { value: true };
  const streamsLeft = { value: 0 };
  const seen: string[] = [];
  const connections = { value: 0 };
  const server = createServer((req, res) => {
    if (req.url === "/api/health") return void res.writeHead(healthy.value ? 200 : 503).end();
    seen.push(`${req.headers["x-forwarded-for"]}|${req.headers["x-forwarded-host"]}`);
    if (req.url === "/events") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      res.on("close", () => (streamsLeft.value += res.writableFinished ? 0 : 1));
      setTimeout(() => res.end("data: two\n\n"), 300);
      return;
    }
    if (req.method === "POST") {
      const chunks: Buffer[] = [];
      req.on("data", (c: Buffer) => chunks.push(c));
      req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end(`${name}:${Buffer.concat(chunks).toString("utf8")}`));
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end(name);
  });
  server.on("connection", () => (connections.value += 1));
  // WebSocket upgrades on /ws answer with the instance's name and echo; any other upgrade is refused with a 403.
  const wss = new WebSocketServer({ noServer: true });
  server.on("upgrade", (req, socket, head) => {
    if (req.url !== "/ws") return void socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 2\r\n\r\nno");
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.send(`${name}|${req.headers["x-forwarded-for"]}`);
      ws.on("message", (data: Buffer) => ws.send(`echo ${data.toString("utf8")}`));
    });
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, healthy, seen, connections, streamsLeft };
}

describe("the cluster's round-robin proxy", () => {
  it("alternates between instances, says who asked, streams SSE as written, and skips an instance that fails its health check", async () => {
    const a = await backend("a");
    const b = await backend("b");
    const proxy = await startRoundRobinProxy({ backends: [a.url, b.url], port: 0, healthEveryMs: 50 });
    proxies.push(proxy);
    const names = [];
    for (let i = 0; i < 4; i++) names.push(await (await fetch(`${proxy.url}/x`)).text());
    expect(names).toEqual(["a", "b", "a", "b"]);
    expect(a.seen[0]).toBe(`127.0.0.1|${new URL(proxy.url).host}`);

    const started = Date.now();
    const reader = (await fetch(`${proxy.url}/events`)).body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toBe("data: one\n\n");
    expect(Date.now() - started).toBeLessThan(250);
    await reader.cancel();

    b.healthy.value = false;
    const deadline = Date.now() + 5_000;
    while (proxy.healthy().length !== 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(proxy.healthy()).toEqual([a.url]);
    const after = await Promise.all([1, 2, 3].map(async () => (await fetch(`${proxy.url}/x`)).text()));
    expect(after).toEqual(["a", "a", "a"]);
  });

  it("keeps its connections to the instances (sequential requests reuse them), passes bodies, and still ends an SSE stream the browser left", async () => {
    const a = await backend("a");
    const proxy = await startRoundRobinProxy({ backends: [a.url], port: 0, healthEveryMs: 60_000 });
    proxies.push(proxy);
    const before = a.connections.value;
    for (let i = 0; i < 20; i++) expect(await (await fetch(`${proxy.url}/x`)).text()).toBe("a");
    // The health check's one connection aside, 20 requests in a row travelled on one kept connection.
    expect(a.connections.value - before).toBe(1);

    const controller = new AbortController();
    const reader = (await fetch(`${proxy.url}/events`, { signal: controller.signal })).body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: one\n\n");
    controller.abort();
    const deadline = Date.now() + 250;
    while (a.streamsLeft.value === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(a.streamsLeft.value).toBe(1);
    // The kept connection still answers after the stream's own was closed.
    expect(await (await fetch(`${proxy.url}/x`)).text()).toBe("a");
  });

  it("passes WebSocket upgrades through to the instances in turn, and an instance's refusal back to the client", async () => {
    const a = await backend("a");
    const b = await backend("b");
    const proxy = await startRoundRobinProxy({ backends: [a.url, b.url], port: 0, healthEveryMs: 60_000 });
    proxies.push(proxy);
    const open = async () => {
      const ws = new WebSocket(`${proxy.url.replace("http", "ws")}/ws`);
      const messages: string[] = [];
      const next = () => new Promise<string>((resolve) => ws.once("message", (d: Buffer) => resolve(d.toString("utf8"))));
      messages.push(await next());
      ws.send("hello");
      messages.push(await next());
      ws.close();
      return messages;
    };
    expect(await open()).toEqual(["a|127.0.0.1", "echo hello"]);
    expect(await open()).toEqual(["b|127.0.0.1", "echo hello"]);
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${proxy.url.replace("http", "ws")}/other`);
      ws.on("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
      ws.on("error", () => undefined);
    });
    expect(refused).toBe(403);
  });

  it("tries every instance when none passes its check, and answers 502 when none answers at all", async () => {
    const a = await backend("a");
    const b = await backend("b");
    a.healthy.value = false;
    b.healthy.value = false;
    const proxy = await startRoundRobinProxy({ backends: [a.url, b.url], port: 0, healthEveryMs: 60_000 });
    proxies.push(proxy);
    expect(proxy.healthy()).toEqual([]);
    const names = [];
    for (let i = 0; i < 2; i++) names.push(await (await fetch(`${proxy.url}/x`)).text());
    expect(names.sort()).toEqual(["a", "b"]);

    const gone = await startRoundRobinProxy({ backends: ["http://127.0.0.1:1"], port: 0, healthEveryMs: 60_000 });
    proxies.push(gone);
    const answer = await fetch(`${gone.url}/x`);
    expect(answer.status).toBe(502);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("bad_gateway");
  });

  it("sends a request with a body on a connection of its own, and one without still gets through after the instance closed the kept connections", async () => {
    const a = await backend("a");
    const proxy = await startRoundRobinProxy({ backends: [a.url], port: 0, healthEveryMs: 60_000 });
    proxies.push(proxy);
    expect(await (await fetch(`${proxy.url}/x`)).text()).toBe("a");
    // The instance closes every idle kept connection, as a keep-alive timeout does: the next GET still gets through.
    const server = servers.at(-1)!;
    server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, 50));
    expect(await (await fetch(`${proxy.url}/x`)).text()).toBe("a");
    const before = a.connections.value;
    expect(await (await fetch(`${proxy.url}/post`, { method: "POST", body: "one" })).text()).toBe("a:one");
    expect(await (await fetch(`${proxy.url}/post`, { method: "POST", body: "two" })).text()).toBe("a:two");
    expect(a.connections.value - before).toBe(2);
    expect(proxy.healthy()).toEqual([a.url]);
  });
});
