/**
 * A desk's `/alpha` base on a real HTTP server for tests: requests go to the same route function the Next.js route
 * file exports, upgrades of `/alpha/v1/ws` to the same relay the running desk installs; the peer address is stamped
 * under the context's peer header the way `npm start`'s preload does.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import type { DeskContext } from "../../lib/server/core/context";
import { alphaBaseRoute } from "../../lib/server/routes/alpha-base";
import { closeDeskStreams, handleDeskStreamUpgrade, isDeskStreamRequest } from "../../lib/server/upstream/desk-gateway-socket";

export interface DeskGatewayServer {
  /** `http://127.0.0.1:<port>/alpha`: what a script's client is pointed at. */
  base: string;
  server: Server;
  close(): Promise<void>;
}

export async function startDeskGatewayServer(ctx: DeskContext): Promise<DeskGatewayServer> {
  const route = alphaBaseRoute({ ctx });
  const listener = getRequestListener((request) => route(request));
  const peerHeader = ctx.config.forwarded.peerHeader;
  const server = createServer((req, res) => {
    if (peerHeader) req.headers[peerHeader] = req.socket.remoteAddress ?? "";
    void listener(req, res);
  });
  server.on("upgrade", (req, socket, head) => {
    if (!isDeskStreamRequest(req)) return void socket.destroy();
    void handleDeskStreamUpgrade({ ctx, req, socket, head });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/alpha`,
    server,
    close: async () => {
      closeDeskStreams({ ctx });
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
