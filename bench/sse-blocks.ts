import type { IncomingMessage } from "node:http";

/** Calls `onBlock` with each event block of a server-sent event stream (the text between blank lines) as it arrives. */
export function onSseBlocks(res: IncomingMessage, onBlock: (block: string) => void): void {
  let buffer = "";
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onBlock(block);
    }
  });
}

/** The id of the row an event block carries (`"id":"…"` in its data), if any. */
export function sseRowId(block: string): string | undefined {
  return /"id":"([^"]+)"/.exec(block)?.[1];
}
