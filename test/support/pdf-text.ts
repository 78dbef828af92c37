import { inflateSync } from "node:zlib";

/**
 * The text a PDF written by pdfkit shows: every TJ string of every (deflated) content stream, one line per text run
 * (pdfkit writes text as hex strings in TJ arrays). Each stream is read by its /Length: matching up to "\r?\nendstream"
 * took a final "\r" of the deflated bytes as the line end, so about one stream in 256 failed to inflate. For tests of
 * every PDF the desk and the service write.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes).toString("latin1");
  const lines: string[] = [];
  const streams = /\/Length (\d+)\b[\s\S]*?stream\r?\n/g;
  for (let m = streams.exec(raw); m; m = streams.exec(raw)) {
    const start = m.index + m[0].length;
    const length = Number(m[1]);
    streams.lastIndex = start + length;
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw.slice(start, start + length), "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g)) {
      lines.push([...(tj[1] ?? "").matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1] ?? "", "hex").toString("latin1")).join(""));
    }
  }
  return lines.join("\n");
}

/** How many pages a PDF has. */
export function pdfPageCount(bytes: Uint8Array): number {
  return (Buffer.from(bytes).toString("latin1").match(/\/Type \/Page\b/g) ?? []).length;
}
