import "server-only";
/**
 * The desk's PDFs (concall briefs, roundups, scorecards) laid out with pdfkit from a list of blocks. The standard PDF
 * fonts speak WinAnsi only, so the rupee sign is written "Rs." and other characters outside it are replaced.
 */
import PDFDocument from "pdfkit";
import { drawPdfTable } from "@/lib/node/pdf-table";

export type PdfBlock =
  | { kind: "title"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "meta"; text: string }
  | { kind: "text"; text: string }
  | { kind: "bullets"; items: readonly { text: string; ref?: string }[] }
  | { kind: "table"; head: readonly string[]; rows: readonly (readonly string[])[] };

export interface PdfSpec {
  title: string;
  /** Printed at the foot of the last page. */
  footer: string;
  blocks: readonly PdfBlock[];
  /** Smaller type for a document that must fit one page. */
  compact?: boolean;
}

const MARGIN = 44;

export function winAnsi(text: string): string {
  return text
    .replace(/₹\s?/g, "Rs. ")
    .replace(/→/g, "->")
    .replace(/−/g, "-")
    .replace(/¶/g, "para ")
    .replace(/[^\x09\x0a\x0d\x20-\x7e\xa0-\xff–—‘’“”•…]/g, "?");
}

function draw(doc: PDFKit.PDFDocument, block: PdfBlock, scale: number): void {
  const width = doc.page.width - 2 * MARGIN;
  const size = (n: number) => n * scale;
  switch (block.kind) {
    case "title":
      doc.font("Helvetica-Bold").fontSize(size(16)).fillColor("#111111").text(winAnsi(block.text), { width }).moveDown(0.2);
      return;
    case "heading":
      doc.moveDown(0.4).font("Helvetica-Bold").fontSize(size(11)).fillColor("#111111").text(winAnsi(block.text), { width }).moveDown(0.15);
      return;
    case "meta":
      doc.font("Helvetica").fontSize(size(8.5)).fillColor("#444444").text(winAnsi(block.text), { width });
      return;
    case "text":
      doc.font("Helvetica").fontSize(size(9.5)).fillColor("#111111").text(winAnsi(block.text), { width, lineGap: 1 }).moveDown(0.2);
      return;
    case "bullets":
      for (const item of block.items) {
        doc.font("Helvetica").fontSize(size(9.5)).fillColor("#111111").text(`•  ${winAnsi(item.text)}`, { width, lineGap: 1, continued: !!item.ref });
        if (item.ref) doc.font("Helvetica-Oblique").fontSize(size(8)).fillColor("#555555").text(`  [${winAnsi(item.ref)}]`, { lineGap: 1 });
      }
      doc.moveDown(0.2);
      return;
    case "table": {
      const cells = (row: readonly string[]) => row.map(winAnsi);
      const layout = { margin: MARGIN, firstWidth: 180, firstShare: 0.34, gutter: 4, fontSize: size(8.5), rowGap: 2, room: 30, after: 0.4 };
      drawPdfTable(doc, { head: cells(block.head), rows: block.rows.map(cells) }, layout);
      return;
    }
  }
}

/** The PDF's bytes. A compact document is drawn smaller until it fits one A4 page (down to 70% of the type size). */
export async function renderPdf(spec: PdfSpec): Promise<Uint8Array> {
  for (const scale of spec.compact ? [1, 0.9, 0.8, 0.7] : [1]) {
    const { bytes, pages } = await renderAt(spec, scale);
    if (!spec.compact || pages === 1 || scale === 0.7) return bytes;
  }
  throw new Error("unreachable");
}

function renderAt(spec: PdfSpec, scale: number): Promise<{ bytes: Uint8Array; pages: number }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: MARGIN, info: { Title: winAnsi(spec.title), Producer: "Alpha Desk", Creator: "Alpha Desk" } });
    const chunks: Buffer[] = [];
    let pages = 1;
    doc.on("pageAdded", () => pages++);
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve({ bytes: new Uint8Array(Buffer.concat(chunks)), pages }));
    doc.on("error", reject);
    for (const block of spec.blocks) draw(doc, block, scale);
    doc.moveDown(0.6).font("Helvetica").fontSize(7.5 * scale).fillColor("#666666").text(winAnsi(spec.footer), { width: doc.page.width - 2 * MARGIN });
    doc.end();
  });
}

/** A PDF's bytes as the body of a desk `file` answer. */
export function pdfStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}
