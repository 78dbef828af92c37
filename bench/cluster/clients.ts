/**
 * The browsers of the cluster bench, in their own process: N SSE streams (node:http) spread round-robin over the desk
 * URLs given, each counting the rows of one product. It tells the parent when every stream is connected, and for
 * each row id the moment the LAST stream received it. The parent may open more streams later ({ type: "open", count });
 * "ready" is sent each time every stream opened so far is connected.
 * argv: <product> <cookie> <clients> <url>...
 */
import { request } from "node:http";
import { onSseBlocks, sseRowId } from "../sse-blocks";

const [product, cookie, clientsText, ...urls] = process.argv.slice(2);
const CLIENTS = Number(clientsText);
if (!product || !cookie || !CLIENTS || urls.length === 0) throw new Error("usage: clients.ts <product> <cookie> <clients> <url>...");
const send = (message: unknown) => process.send?.(message);
const wallNow = () => performance.timeOrigin + performance.now();

const received = new Map<string, number>();
let connected = 0;
let opened = 0;

function open(url: string): void {
  const req = request(url, { headers: { cookie, accept: "text/event-stream" }, agent: false }, (res) => {
    if (res.statusCode !== 200) {
      send({ type: "failed", error: `HTTP ${res.statusCode} from ${url}` });
      return;
    }
    let seenConnected = false;
    onSseBlocks(res, (block) => {
      if (!seenConnected && block.startsWith("event: status") && block.includes('"state":"connected"')) {
        seenConnected = true;
        connected += 1;
        if (connected === opened) send({ type: "ready", clients: connected });
      }
      if (!block.startsWith(`event: ${product}\n`)) return;
      const id = sseRowId(block);
      if (!id) return;
      const n = (received.get(id) ?? 0) + 1;
      received.set(id, n);
      if (n === opened) send({ type: "all-received", id, at: wallNow() });
    });
  });
  req.on("error", (error) => send({ type: "failed", error: error.message }));
  req.end();
}

function openMore(count: number): void {
  for (let i = 0; i < count; i++, opened++) open(urls[opened % urls.length]!);
}

process.on("message", (m: { type: string; count: number }) => {
  if (m.type === "open") openMore(m.count);
});
openMore(CLIENTS);
