import { WebSocket } from "ws";

export type Frame = Record<string, unknown>;

/**
 * A WebSocket client for tests: every JSON frame it receives is kept; `next` waits for the first frame that matches,
 * `opened` for the handshake, `closed` for the close code.
 */
export function openFrames(url: string, headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers });
  const frames: Frame[] = [];
  ws.on("message", (data) => frames.push(JSON.parse(String(data)) as Frame));
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  const next = async (match: (f: Frame) => boolean, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const hit = frames.find(match);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no matching frame in ${JSON.stringify(frames).slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { ws, frames, next, closed, opened: new Promise<void>((resolve, reject) => (ws.once("open", () => resolve()), ws.once("error", reject))) };
}
