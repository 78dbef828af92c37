/** How a pdfkit table is laid out: sizes in points, `firstShare` the most of the width the first column takes. */
export interface PdfTableLayout {
  margin: number;
  firstWidth: number;
  firstShare: number;
  /** Space between a cell's text and the next column. */
  gutter: number;
  fontSize: number;
  /** Space below a row's text, above its rule. */
  rowGap: number;
  /** A row starts a new page when less than this is left above the bottom margin. */
  room: number;
  /** Lines moved down after the table. */
  after: number;
}

/** A table: the first column left-aligned, the others right-aligned, a thin rule under each row. Cells are drawn as given. */
export function drawPdfTable(doc: PDFKit.PDFDocument, table: { head: readonly string[]; rows: readonly (readonly string[])[] }, layout: PdfTableLayout): void {
  const { margin } = layout;
  const width = doc.page.width - 2 * margin;
  const columns = table.head.length;
  const first = Math.min(layout.firstWidth, width * layout.firstShare);
  const rest = columns > 1 ? (width - first) / (columns - 1) : 0;
  const xOf = (i: number) => margin + (i === 0 ? 0 : first + (i - 1) * rest);
  const widthOf = (i: number) => (i === 0 ? first : rest) - layout.gutter;
  const row = (cells: readonly string[], bold: boolean) => {
    if (doc.y > doc.page.height - margin - layout.room) doc.addPage();
    const y = doc.y;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(layout.fontSize).fillColor("#111111");
    let bottom = y;
    cells.forEach((cell, i) => {
      doc.text(cell, xOf(i), y, { width: widthOf(i), align: i === 0 ? "left" : "right" });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = margin;
    doc.y = bottom + layout.rowGap;
    doc.moveTo(margin, doc.y - 1).lineTo(margin + width, doc.y - 1).lineWidth(0.3).strokeColor("#bbbbbb").stroke();
  };
  row(table.head, true);
  for (const cells of table.rows) row(cells, false);
  doc.moveDown(layout.after);
}
