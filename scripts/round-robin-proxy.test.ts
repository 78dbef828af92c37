import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
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
async function backend(name: string): Promise<{ url: string; healthy: { value: boolean }; seen: string[] }> {
  const healthy = { value: true };
  const seen: string[] = [];
  const server = createServer((req, res) => {
    if (req.url === "/api/health") return void res.writeHead(healthy.value ? 200 : 503).end();
    seen.push(`${req.headers["x-forwarded-for"]}|${req.headers["x-forwarded-host"]}`);
    if (req.url === "/events") {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      setTimeout(() => res.end("data: two\n\n"), 300);
      return;
    }
    res.writeHead(200, { "content-type": "text/plain" }).end(name);
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, healthy, seen };
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
});
