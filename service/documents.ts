/**
 * Minimal PDF writer for the documents the service serves (filing attachments, call intimations): A4 pages of
 * Helvetica text. Enough for a browser or a PDF reader to open; not a layout engine.
 */

export interface PdfLine {
  text: string;
  bold?: boolean;
  size?: number;
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const WRAP_CHARS = 92;

/** WinAnsi-safe text: the rupee sign becomes "Rs." and other non-ASCII characters a question mark. */
function pdfText(text: string): string {
  return text
    .replace(/₹\s?/g, "Rs. ")
    .replace(/[–—]/g, "-")
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7e]/g, "?")
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else {
        line = line ? `${line} ${word}` : word;
      }
    }
    out.push(line);
  }
  return out;
}

export function renderPdf(lines: readonly PdfLine[]): Buffer {
  type Placed = { text: string; font: "F1" | "F2"; size: number };
  const pages: Placed[][] = [[]];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 10;
    const width = Math.floor((WRAP_CHARS * 10) / size);
    for (const piece of wrap(line.text, width)) {
      const lead = size * 1.45;
      if (y - lead < MARGIN) {
        pages.push([]);
        y = PAGE_HEIGHT - MARGIN;
      }
      y -= lead;
      pages[pages.length - 1]?.push({ text: piece, font: line.bold ? "F2" : "F1", size });
    }
  }

  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then a page and its content stream per page.
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  pages.forEach((placed, i) => {
    const pageId = 5 + i * 2;
    const contentId = pageId + 1;
    pageIds.push(pageId);
    let cursor = PAGE_HEIGHT - MARGIN;
    const ops = ["BT"];
    for (const p of placed) {
      cursor -= p.size * 1.45;
      ops.push(`/${p.font} ${p.size} Tf 1 0 0 1 ${MARGIN} ${cursor.toFixed(1)} Tm (${pdfText(p.text)}) Tj`);
    }
    ops.push("ET");
    const stream = ops.join("\n");
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`;
  });
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;

  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, "latin1");
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
