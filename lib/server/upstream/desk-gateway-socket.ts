import "server-only";
/**
 * `GET /alpha/v1/ws` for desk tokens: the handshake is authenticated like the service's (token in X-API-Key or
 * api_key; 401/403 with the JSON error body, no upgrade), then frames are relayed to one upstream socket opened with
 * the organisation key. A subscribe the token's scopes do not include answers the service's `forbidden` frame. A
 * revoked (or expired) token's sockets close within a second, on every instance: at once on the instance that revoked
 * it, and by a poll of the token table on the others.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import WebSocket, { WebSocketServer, type RawData } from "ws";
import { streamUrl } from "@/lib/alpha/streams";
import { AlphaError, isAlphaError } from "@/lib/alpha/errors";
import { DESK_ALPHA_BASE } from "@/lib/desk/token-labels";
import type { DeskContext } from "../core/context";
import { clientAddress } from "../core/forwarded";
import { withOrgKey } from "../identity/key-vault";
import { admitTokenCall, authenticateDeskToken, deadTokens, onTokenRevoked, touchDeskToken, type ActiveToken } from "../teams/desk-tokens";
import { refuseUpgrade } from "@/lib/node/refuse-upgrade";

export const DESK_STREAM_PATH = `${DESK_ALPHA_BASE}/v1/ws`;
/** How often an instance asks the token table whether the tokens of its open sockets still live. */
const REVOCATION_POLL_MS = 250;

interface OpenSocket {
  token: ActiveToken;
  client: WebSocket;
  upstream: WebSocket;
}

interface SocketRegistry {
  sockets: Set<OpenSocket>;
  timer: NodeJS.Timeout | null;
  unlisten: () => void;
  wss: WebSocketServer;
}

const registries = new WeakMap<DeskContext, SocketRegistry>();

function registryOf(ctx: DeskContext): SocketRegistry {
  let registry = registries.get(ctx);
  if (!registry) {
    const created: SocketRegistry = { sockets: new Set(), timer: null, unlisten: () => undefined, wss: new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 }) };
    created.unlisten = onTokenRevoked({ ctx, listener: (tokenId) => closeToken(created, tokenId) });
    registries.set(ctx, created);
    registry = created;
  }
  return registry;
}

function closeToken(registry: SocketRegistry, tokenId: string): void {
  for (const open of registry.sockets) {
    if (open.token.id !== tokenId) continue;
    endSocket(registry, open, "The desk token was revoked or has expired");
  }
}

function endSocket(registry: SocketRegistry, open: OpenSocket, reason: string): void {
  registry.sockets.delete(open);
  if (open.client.readyState === WebSocket.OPEN) {
    open.client.send(JSON.stringify({ error: reason, code: "invalid_api_key" }));
    open.client.close(4401, "token revoked");
  }
  // A socket that does not close promptly is cut: a revoked token's stream ends within the second.
  setTimeout(() => open.client.terminate(), 200).unref();
  open.upstream.terminate();
}

function watchRevocations(ctx: DeskContext, registry: SocketRegistry): void {
  if (registry.timer || registry.sockets.size === 0) return;
  registry.timer = setInterval(() => {
    if (registry.sockets.size === 0) {
      clearInterval(registry.timer!);
      registry.timer = null;
      return;
    }
    const ids = [...new Set([...registry.sockets].map((s) => s.token.id))];
    deadTokens({ ctx, ids })
      .then((dead) => {
        for (const id of dead) closeToken(registry, id);
      })
      .catch(() => undefined);
  }, REVOCATION_POLL_MS);
  registry.timer.unref();
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v) ?? null;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  return Buffer.isBuffer(data) ? data.toString("utf8") : Buffer.from(data).toString("utf8");
}

/** Whether an upgrade request is for the desk's stream path (any query). */
export function isDeskStreamRequest(req: IncomingMessage): boolean {
  const path = (req.url ?? "").split("?")[0]!.replace(/\/+$/, "");
  return path === DESK_STREAM_PATH;
}

/**
 * Serves one upgrade of `/alpha/v1/ws`. The peer address is the socket's own (never a header a client can write),
 * with X-Forwarded-For believed only behind DESK_TRUST_PROXY's trusted hops.
 */
export async function handleDeskStreamUpgrade({ ctx, req, socket, head }: { ctx: DeskContext; req: IncomingMessage; socket: Duplex; head: Buffer }): Promise<void> {
  let token: ActiveToken;
  let apiKey: string;
  try {
    const url = new URL(req.url ?? "/", "http://desk.invalid");
    token = await authenticateDeskToken({ ctx, secret: headerOf(req, "x-api-key") ?? url.searchParams.get("api_key") });
    const peerName = "x-desk-socket-peer";
    const peer = (req.socket.remoteAddress ?? "").trim();
    const address = clientAddress((name) => (name === peerName ? peer : headerOf(req, name)), { hops: ctx.config.forwarded.hops, peerHeader: peerName });
    // The socket itself needs no scope: a subscribe needs the streams scope (checked per frame, below).
    await admitTokenCall({ ctx, token, input: { scope: null, address } });
    ({ apiKey } = await withOrgKey({ ctx }));
  } catch (error) {
    refuseUpgrade(socket, isAlphaError(error) ? error : new AlphaError("internal_error", "Something went wrong in the desk"));
    return;
  }
  void touchDeskToken({ ctx, id: token.id }).catch(() => undefined);
  const registry = registryOf(ctx);
  registry.wss.handleUpgrade(req, socket, head, (client) => {
    const upstream = new WebSocket(streamUrl(ctx.config.alphaBaseUrl), { headers: { "X-API-Key": apiKey }, handshakeTimeout: 10_000 });
    const open: OpenSocket = { token, client, upstream };
    registry.sockets.add(open);
    watchRevocations(ctx, registry);
    const waiting: string[] = [];
    const toUpstream = (text: string) => (upstream.readyState === WebSocket.OPEN ? upstream.send(text) : waiting.push(text));
    upstream.on("open", () => {
      for (const text of waiting.splice(0)) upstream.send(text);
    });
    upstream.on("message", (data, isBinary) => {
      if (client.readyState === WebSocket.OPEN) client.send(isBinary ? data : rawText(data));
    });
    upstream.on("unexpected-response", (_request, response) => {
      const status = response.statusCode ?? 502;
      if (client.readyState === WebSocket.OPEN) client.send(JSON.stringify({ error: `The Alpha service refused the stream (HTTP ${status})`, code: status === 429 ? "rate_limit_exceeded" : "upstream_error" }));
      client.close(1011, "upstream refused");
      response.resume();
    });
    upstream.on("error", () => {
      if (client.readyState === WebSocket.OPEN) client.close(1011, "upstream failed");
    });
    upstream.on("close", (code) => {
      registry.sockets.delete(open);
      if (client.readyState === WebSocket.OPEN) client.close(code >= 1000 && code < 5000 && code !== 1005 && code !== 1006 ? code : 1011);
    });
    client.on("message", (data) => {
      const text = rawText(data);
      let frame: { op?: unknown; product?: unknown } | null = null;
      try {
        frame = JSON.parse(text) as { op?: unknown; product?: unknown };
      } catch {
        frame = null;
      }
      if (frame && frame.op === "subscribe" && !token.scopes.includes("streams")) {
        const product = typeof frame.product === "string" ? frame.product : "";
        client.send(JSON.stringify({ error: `This desk token's scopes do not include live streams ('${product}')`, code: "forbidden", ...(product ? { product } : {}) }));
        return;
      }
      toUpstream(text);
    });
    client.on("close", () => {
      registry.sockets.delete(open);
      upstream.terminate();
    });
    client.on("error", () => upstream.terminate());
  });
}

/** Closes every relayed socket of this context (shutdown). */
export function closeDeskStreams({ ctx }: { ctx: DeskContext }): void {
  const registry = registries.get(ctx);
  if (!registry) return;
  for (const open of [...registry.sockets]) {
    registry.sockets.delete(open);
    open.client.terminate();
    open.upstream.terminate();
  }
  if (registry.timer) clearInterval(registry.timer);
  registry.unlisten();
  registry.wss.close();
  registries.delete(ctx);
}
