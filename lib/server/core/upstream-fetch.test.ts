import http from "node:http";
import type { Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAlphaClient, prepareRequest } from "@/lib/alpha/client";
import { upstreamByteCap, upstreamFetch } from "./upstream-fetch";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
});

async function serve(handler: http.RequestListener, configure?: (server: http.Server) => void): Promise<{ url: string; server: http.Server }> {
  const server = http.createServer(handler);
  configure?.(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return { url: `http://127.0.0.1:${address.port}`, server };
}

const ACCOUNT = { account_id: "acc_1", name: "A", plan: "pro", balance: 10, products: [] };

describe("upstream answers outside the contract become a 502", () => {
  it("a redirect, with or without Location, is a 502 and is not retried", async () => {
    let calls = 0;
    const { url } = await serve((req, res) => {
      calls++;
      const located = req.url?.includes("located");
      res.writeHead(located ? 301 : 302, located ? { location: "http://elsewhere.invalid/" } : {});
      res.end();
    });
    expect((await upstreamFetch(`${url}/v1/news?located`)).status).toBe(502);
    const res = await upstreamFetch(`${url}/v1/news?bare`);
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ error: { code: "upstream_contract_violation", message: expect.stringContaining("redirect (HTTP 302, and no Location)") } });
    const client = createAlphaClient({ baseUrl: url, apiKey: "ak_test", fetch: upstreamFetch, retries: 2 });
    calls = 0;
    await expect(client.getAccount({})).rejects.toMatchObject({ code: "upstream_contract_violation", status: 502 });
    expect(calls).toBe(1);
  });

  it("an error body that is not the contract's is a 502, never the upstream's text", async () => {
    const { url } = await serve((req, res) => {
      if (req.url?.includes("contract")) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { code: "invalid_parameter", message: "bad limit" } }));
        return;
      }
      res.writeHead(400, { "content-type": "text/html" });
      res.end("<h1>Upstream proxy says no: internal host db-7.local</h1>");
    });
    const odd = await upstreamFetch(`${url}/v1/news`);
    expect(odd.status).toBe(502);
    expect(await odd.text()).not.toContain("db-7");
    const fine = await upstreamFetch(`${url}/v1/news?contract`);
    expect(fine.status).toBe(400);
  });

  it("an X-Credits-Charged that is negative or not whole is a 502; a whole number passes", async () => {
    const { url } = await serve((req, res) => {
      const charge = new URL(req.url ?? "/", "http://x").searchParams.get("charge") ?? "0";
      res.writeHead(200, { "content-type": "application/json", "x-credits-charged": charge });
      res.end(JSON.stringify(ACCOUNT));
    });
    for (const charge of ["-5", "1.5", "abc", "1e3"]) {
      const res = await upstreamFetch(`${url}/v1/account?charge=${encodeURIComponent(charge)}`);
      expect(res.status, charge).toBe(502);
      expect(((await res.json()) as { error: { message: string } }).error.message).toContain("X-Credits-Charged");
    }
    expect((await upstreamFetch(`${url}/v1/account?charge=3`)).status).toBe(200);
  });

  it("an answer larger than its endpoint's cap is cut off as a 502, declared or streamed", async () => {
    const cap = upstreamByteCap("/v1/news");
    expect(upstreamByteCap("/v1/batch/jobs/job_1/results")).toBeGreaterThan(cap);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const { url } = await serve((req, res) => {
      const declared = req.url?.includes("declared");
      res.writeHead(200, { "content-type": "application/json", ...(declared ? { "content-length": String(cap + 1) } : {}) });
      let sent = 0;
      const pump = () => {
        while (sent <= cap && !res.destroyed) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      pump();
    });
    for (const path of ["/v1/news?streamed", "/v1/news?declared"]) {
      const res = await upstreamFetch(`${url}${path}`);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/larger than the 8 MB the desk reads for \/v1\/news/);
    }
  });
});

describe("keep-alive sockets", () => {
  it("an idle socket is dropped before the server's advertised keep-alive timeout", async () => {
    const closed: Promise<void>[] = [];
    const { url } = await serve(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json", "keep-alive": "timeout=2" });
        res.end(JSON.stringify(ACCOUNT));
      },
      (server) => {
        // The server itself would wait a minute: only the desk's own idle timeout can close this socket in time.
        server.keepAliveTimeout = 60_000;
        server.on("connection", (socket: Socket) => closed.push(new Promise((resolve) => socket.once("close", () => resolve()))));
      },
    );
    expect((await upstreamFetch(`${url}/v1/account`)).status).toBe(200);
    expect(closed).toHaveLength(1);
    await closed[0];
  });

  it("a request that fails on a reused socket before any answer is sent once more; on a fresh socket it is not", async () => {
    const seen: string[] = [];
    const perConnection = new WeakMap<Socket, number>();
    const { url } = await serve(
      (req, res) => {
        const n = (perConnection.get(req.socket) ?? 0) + 1;
        perConnection.set(req.socket, n);
        seen.push(`${req.url}#${n}`);
        // The server closing a kept-alive socket just as the next request arrives: no answer, connection gone.
        if (req.url === "/v1/account?second" && n > 1) return void req.socket.destroy();
        res.writeHead(200, { "content-type": "application/json", "keep-alive": "timeout=30" });
        res.end(JSON.stringify(ACCOUNT));
      },
      (server) => void (server.keepAliveTimeout = 30_000),
    );
    expect((await upstreamFetch(`${url}/v1/account?first`)).status).toBe(200);
    expect((await upstreamFetch(`${url}/v1/account?second`)).status).toBe(200);
    expect(seen).toEqual(["/v1/account?first#1", "/v1/account?second#2", "/v1/account?second#1"]);

    // A request that fails on a new connection may have been received: it is not sent again.
    const attempts: string[] = [];
    const other = await serve((req) => {
      attempts.push(req.url ?? "");
      req.socket.destroy();
    });
    await expect(upstreamFetch(`${other.url}/v1/account?fresh`)).rejects.toBeInstanceOf(TypeError);
    expect(attempts).toEqual(["/v1/account?fresh"]);
  });
});

describe("the attempt's timeout, kept by upstreamFetch itself", () => {
  /** A server that answers nothing (or only its headers, with `?headers`) and reports when the desk drops the request. */
  async function hangingServer() {
    const dropped: Promise<void>[] = [];
    const { url } = await serve((req, res) => {
      dropped.push(new Promise((resolve) => req.socket.once("close", () => resolve())));
      if (req.url?.includes("headers")) {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"account_id":');
      }
    });
    return { url, dropped };
  }

  it("a hung upstream, silent or stopping mid-body, rejects with a TimeoutError at the time and the request is dropped", async () => {
    const { url, dropped } = await hangingServer();
    for (const path of ["/v1/account", "/v1/account?headers"]) {
      const started = performance.now();
      const error = await upstreamFetch(`${url}${path}`, { timeoutMs: 150 } as RequestInit).catch((e: unknown) => e);
      const took = performance.now() - started;
      expect(error, path).toMatchObject({ name: "TimeoutError" });
      expect(took, path).toBeGreaterThanOrEqual(140);
      expect(took, path).toBeLessThan(2_000);
    }
    expect(dropped).toHaveLength(2);
    await Promise.all(dropped);
  });

  it("an answer within the time is not dropped afterwards: its kept-alive socket serves the next call", async () => {
    let connections = 0;
    const { url } = await serve(
      (_req, res) => {
        setTimeout(() => {
          res.writeHead(200, { "content-type": "application/json", "keep-alive": "timeout=30" });
          res.end(JSON.stringify(ACCOUNT));
        }, 30);
      },
      (server) => {
        server.keepAliveTimeout = 30_000;
        server.on("connection", () => connections++);
      },
    );
    const res = await upstreamFetch(`${url}/v1/account`, { timeoutMs: 120 } as RequestInit);
    expect(res.status).toBe(200);
    // Past the first call's time: a timer left running would have destroyed the socket it parked.
    await new Promise((r) => setTimeout(r, 200));
    const again = await upstreamFetch(`${url}/v1/account`, { timeoutMs: 120 } as RequestInit);
    expect(await again.json()).toEqual(ACCOUNT);
    expect(connections).toBe(1);
    // Without timeoutMs nothing times out.
    expect((await upstreamFetch(`${url}/v1/account`)).status).toBe(200);
  });

  it("the Alpha client builds no timeout signal with it: a hung upstream is its 504, and the caller's signal still cancels", async () => {
    const { url, dropped } = await hangingServer();
    const timeoutSignals = vi.spyOn(AbortSignal, "timeout");
    try {
      const client = createAlphaClient({ baseUrl: url, apiKey: "ak_test", fetch: upstreamFetch, retries: 0, timeoutMs: 150 });
      await expect(client.getAccount({})).rejects.toMatchObject({ status: 504, code: "upstream_timeout" });
      // A caller that goes away (a closed tab) ends the upstream request at once, and it is not a timeout.
      const caller = new AbortController();
      const pending = client.getAccount({}, { signal: caller.signal }).catch((e: unknown) => e);
      await vi.waitFor(() => expect(dropped).toHaveLength(2));
      caller.abort(new Error("client went away"));
      const error = await pending;
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe("client went away");
      await Promise.all(dropped);
      expect(timeoutSignals).not.toHaveBeenCalled();
    } finally {
      timeoutSignals.mockRestore();
    }
  });

  it("a fetch that does not take a timeout still gets the timeout signal from the client", async () => {
    const { url } = await hangingServer();
    const plain = ((input: RequestInfo | URL, init?: RequestInit) => upstreamFetch(input, { ...init, timeoutMs: undefined } as RequestInit)) as typeof fetch;
    const client = createAlphaClient({ baseUrl: url, apiKey: "ak_test", fetch: plain, retries: 0, timeoutMs: 150 });
    await expect(client.getAccount({})).rejects.toMatchObject({ status: 504, code: "upstream_timeout" });
  });
});

describe("the upstream's bytes, passed on with its text", () => {
  it("a well-formed UTF-8 answer's bytes come back exactly as sent, with its text; malformed UTF-8 gives text but no bytes", async () => {
    // An account profile as the contract reads it (nothing for a default to fill in, so its text is kept).
    const profile = (name: string) => `{"data":{"account_id":"acc_1","name":"${name}","status":"active","balance":10,"metadata":{},"products":[],"websocket_addons":[]}}`;
    const good = Buffer.from(profile("Tata ₹ — Ünïcode 📈"));
    const [head, tail] = profile("A@").split("@") as [string, string];
    const bad = Buffer.concat([Buffer.from(head), Buffer.from([0xff, 0xfe]), Buffer.from(tail)]);
    const answer = async (body: Buffer) => {
      const { url } = await serve((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(body);
      });
      const client = createAlphaClient({ baseUrl: url, apiKey: "ak_test", fetch: upstreamFetch, retries: 0 });
      return client.send("getAccount", prepareRequest("getAccount", {}), { keepText: true });
    };
    const fine = await answer(good);
    expect(fine.text).toBe(good.toString("utf8"));
    expect(fine.bytes).not.toBeNull();
    expect(Buffer.from(fine.bytes!).equals(good)).toBe(true);
    expect(Buffer.from(new TextEncoder().encode(fine.text!)).equals(good)).toBe(true);
    const broken = await answer(bad);
    expect(broken.text).toContain("\uFFFD");
    expect(broken.bytes).toBeNull();
    // Without keepText nothing is kept.
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(good);
    });
    const plain = await createAlphaClient({ baseUrl: url, apiKey: "ak_test", fetch: upstreamFetch }).getAccount({});
    expect(plain.bytes).toBeUndefined();
  });
});
