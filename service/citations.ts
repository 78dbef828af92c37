import PDFDocument from "pdfkit";
import { AlphaError } from "../lib/alpha/errors";
import { drawPdfTable } from "../lib/node/pdf-table";

/**
 * Citation documents: a stored record (a filing, an announcement, a call) laid out as a PDF with pdfkit. A document
 * is a list of logical pages; a page that overflows continues on the next sheet. `onlyPage` renders one page alone
 * (the earnings citation's `?page=` and `/page/{page}`).
 */

export type CitationBlock =
  | { kind: "title"; text: string }
  | { kind: "heading"; text: string }
  | { kind: "meta"; text: string }
  | { kind: "text"; text: string }
  | { kind: "bullets"; items: readonly string[] }
  | { kind: "table"; head: readonly string[]; rows: readonly (readonly string[])[] };

export interface CitationDocument {
  /** Document title in the PDF's metadata. */
  title: string;
  /** Printed at the foot of every page: where the document came from. */
  source: string;
  pages: readonly (readonly CitationBlock[])[];
}

const MARGIN = 56;

/** Standard PDF fonts speak WinAnsi: the rupee sign becomes "Rs." and characters outside it a question mark. */
function winAnsi(text: string): string {
  return text.replace(/₹\s?/g, "Rs. ").replace(/[^\x09\x0a\x0d\x20-\x7e\xa0-\xff–—‘’“”•…]/g, "?");
}

function drawBlock(doc: PDFKit.PDFDocument, block: CitationBlock): void {
  const width = doc.page.width - 2 * MARGIN;
  switch (block.kind) {
    case "title":
      doc.font("Helvetica-Bold").fontSize(18).fillColor("#111111").text(winAnsi(block.text), { width }).moveDown(0.3);
      return;
    case "heading":
      doc.moveDown(0.6).font("Helvetica-Bold").fontSize(12).fillColor("#111111").text(winAnsi(block.text), { width }).moveDown(0.3);
      return;
    case "meta":
      doc.font("Helvetica").fontSize(9).fillColor("#555555").text(winAnsi(block.text), { width });
      return;
    case "text":
      doc.font("Helvetica").fontSize(10.5).fillColor("#111111").text(winAnsi(block.text), { width, align: "left", lineGap: 2 }).moveDown(0.4);
      return;
    case "bullets":
      doc.font("Helvetica").fontSize(10.5).fillColor("#111111");
      for (const item of block.items) doc.text(`•  ${winAnsi(item)}`, { width, indent: 0, lineGap: 2 });
      doc.moveDown(0.4);
      return;
    case "table": {
      const cells = (row: readonly string[]) => row.map(winAnsi);
      const layout = { margin: MARGIN, firstWidth: 200, firstShare: 0.4, gutter: 6, fontSize: 9.5, rowGap: 3, room: 40, after: 0.6 };
      drawPdfTable(doc, { head: cells(block.head), rows: block.rows.map(cells) }, layout);
      return;
    }
  }
}

/** Renders a citation document (or one 1-based page of it; a page beyond the last is 404 `not_found`). */
export function renderCitationPdf(document: CitationDocument, onlyPage?: number): Promise<Buffer> {
  const total = document.pages.length;
  if (onlyPage !== undefined && (onlyPage < 1 || onlyPage > total)) {
    throw new AlphaError("not_found", `This document has ${total} page${total === 1 ? "" : "s"}; there is no page ${onlyPage}`, {
      details: { pages: total },
    });
  }
  const doc = new PDFDocument({ size: "A4", margin: MARGIN, autoFirstPage: false, bufferPages: true, info: { Title: winAnsi(document.title), Creator: "Alpha service" } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const numbers = onlyPage === undefined ? document.pages.map((_, i) => i + 1) : [onlyPage];
  for (const n of numbers) {
    doc.addPage();
    for (const block of document.pages[n - 1] ?? []) drawBlock(doc, block);
  }
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font("Helvetica")
      .fontSize(8)
      .fillColor("#777777")
      .text(`${winAnsi(document.source)}  ·  sheet ${i - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - MARGIN / 2 - 8, {
        width: doc.page.width - 2 * MARGIN,
        align: "center",
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
