import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { AlphaError } from "../alpha/errors";

/** Answers a refused WebSocket upgrade with a plain HTTP response carrying the JSON error body, then closes. */
export function refuseUpgrade(socket: Duplex, error: AlphaError): void {
  if (!socket.writable) return void socket.destroy();
  const body = JSON.stringify(error.toBody());
  socket.end(
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? "Error"}\r\n` +
      "Content-Type: application/json; charset=utf-8\r\n" +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      "Connection: close\r\n\r\n" +
      body,
  );
}
