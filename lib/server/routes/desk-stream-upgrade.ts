import "server-only";
/**
 * Wires `GET /alpha/v1/ws` into the running Next.js server (instrumentation.ts calls this once): `next start` offers
 * route handlers no WebSocket upgrade, so the server's `upgrade` events for that one path are taken before Next sees
 * them and served by the desk's relay (lib/server/upstream/desk-gateway-socket.ts); every other upgrade goes on as it was.
 */
import http from "node:http";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { getProcessDeskContext } from "../core/default-context";
import { handleDeskStreamUpgrade, isDeskStreamRequest } from "../upstream/desk-gateway-socket";

const INSTALLED = Symbol.for("alpha-desk.stream-upgrade");

export function installDeskStreamUpgrade(): void {
  const proto = http.Server.prototype as http.Server & { [INSTALLED]?: boolean };
  if (proto[INSTALLED]) return;
  proto[INSTALLED] = true;
  const emit = proto.emit;
  proto.emit = function emitWithDeskStreams(this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "upgrade") {
      const [req, socket, head] = args as [IncomingMessage, Duplex, Buffer];
      if (req && isDeskStreamRequest(req)) {
        getProcessDeskContext()
          .then((ctx) => handleDeskStreamUpgrade({ ctx, req, socket, head }))
          .catch(() => socket.destroy());
        return true;
      }
    }
    return (emit as (this: http.Server, event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as typeof proto.emit;
}
