import PDFDocument from "pdfkit";
import { AlphaError } from "../lib/alpha/errors";

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
      const columns = block.head.length;
      const first = Math.min(200, width * 0.4);
      const rest = columns > 1 ? (width - first) / (columns - 1) : 0;
      const xOf = (i: number) => MARGIN + (i === 0 ? 0 : first + (i - 1) * rest);
      const widthOf = (i: number) => (i === 0 ? first : rest) - 6;
      const row = (cells: readonly string[], bold: boolean) => {
        if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
        const y = doc.y;
        doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9.5).fillColor("#111111");
        let bottom = y;
        cells.forEach((cell, i) => {
          doc.text(winAnsi(cell), xOf(i), y, { width: widthOf(i), align: i === 0 ? "left" : "right" });
          bottom = Math.max(bottom, doc.y);
        });
        doc.x = MARGIN;
        doc.y = bottom + 3;
        doc.moveTo(MARGIN, doc.y - 1).lineTo(MARGIN + width, doc.y - 1).lineWidth(0.3).strokeColor("#bbbbbb").stroke();
      };
      row(block.head, true);
      for (const cells of block.rows) row(cells, false);
      doc.moveDown(0.6);
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
