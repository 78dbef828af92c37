/**
 * The clients of the streams bench, in their own process: opens groups of N WebSocket connections, subscribes
 * each, and reports to the parent (IPC) when the LAST client of a group has received a row, with the receive time.
 * Started by bench/streams/run.ts; not meant to be run alone.
 */
import { WebSocket } from "ws";

interface Start {
  type: "start";
  /** Names the set of clients in the replies; each set counts its own rows (ids do not overlap). */
  group: string;
  url: string;
  key: string;
  clients: number;
  product: string;
  symbols: string[];
  detailed: boolean;
}

const wallNow = () => performance.timeOrigin + performance.now();
const send = (message: unknown) => process.send?.(message);

/** Per row id: how many clients have it so far. */
const received = new Map<string, number>();
const sockets: WebSocket[] = [];
/** Clients per group; a row is complete when every client of its group has it. */
let expected = 0;

function onFrame(raw: Buffer): void {
  // Cheap id extraction: a bench client must not be slower than the server it measures.
  const text = raw.toString("utf8");
  if (!text.startsWith('{"channel"')) return;
  const at = text.indexOf('"id":"');
  if (at < 0) return;
  const id = text.slice(at + 6, text.indexOf('"', at + 6));
  const n = (received.get(id) ?? 0) + 1;
  if (n === expected) {
    received.delete(id);
    send({ type: "all-received", id, at: wallNow() });
  } else received.set(id, n);
}

function open(start: Start): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(start.url, { headers: { "X-API-Key": start.key }, perMessageDeflate: false });
    ws.once("unexpected-response", (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
    ws.once("error", reject);
    ws.once("open", () => {
      ws.on("message", (data: Buffer, isBinary) => {
        if (!isBinary && data.toString("utf8", 0, 9) === '{"status"') return resolve(ws);
        onFrame(data);
      });
      ws.send(JSON.stringify({ op: "subscribe", product: start.product, symbols: start.symbols, detailed: start.detailed }));
    });
    ws.once("close", (code, reason) => send({ type: "closed", code, reason: reason.toString() }));
  });
}

process.on("message", (message: Start | { type: "stop" }) => {
  if (message.type === "stop") {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
  void (async () => {
    if (expected !== 0 && expected !== message.clients) throw new Error("every group must have the same number of clients");
    expected = message.clients;
    const started = wallNow();
    const opened: WebSocket[] = [];
    // Open in waves so the handshakes do not all queue at once.
    for (let i = 0; i < message.clients; i += 100) {
      const wave = Math.min(100, message.clients - i);
      opened.push(...(await Promise.all(Array.from({ length: wave }, () => open(message)))));
    }
    sockets.push(...opened);
    send({ type: "ready", group: message.group, clients: opened.length, ms: wallNow() - started });
  })().catch((error: unknown) => {
    send({ type: "failed", error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
});
