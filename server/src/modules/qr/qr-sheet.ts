import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { drawLine } from './bidi-text';
import { sheetTexts } from './qr.messages';

export interface QrSheetInput {
  hotel: { name: string; nameAr: string };
  rooms: { number: string; url: string }[];
  /** A TrueType font with Arabic glyphs; without one the Arabic hotel name is left out. */
  fontPath: string | null;
}

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 36;
const HEADER = 44;
const COLS = 3;
const ROWS = 4;
/** Printed QR side: about 4.2 cm, comfortably scanned from a bedside table. */
const QR_SIZE = 120;

export const CODES_PER_PAGE = COLS * ROWS;

/**
 * A4 pages of room QR codes, 3 × 4 per page, each with the room number and the
 * hotel's name under it. Codes are drawn as vector squares (sharp at any print
 * size) and each is also a link to its URL for anyone who opens the PDF on screen.
 */
export async function buildQrSheet(input: QrSheetInput): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, autoFirstPage: false, info: { Title: `${input.hotel.name} room QR codes` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const regular = input.fontPath ? 'Sheet' : 'Helvetica';
  const bold = input.fontPath ? 'Sheet' : 'Helvetica-Bold';
  if (input.fontPath) doc.registerFont('Sheet', input.fontPath);
  const arabic = input.fontPath !== null;

  const cellWidth = (A4.width - 2 * MARGIN) / COLS;
  const cellHeight = (A4.height - 2 * MARGIN - HEADER) / ROWS;
  const pages = Math.max(1, Math.ceil(input.rooms.length / CODES_PER_PAGE));
  for (let page = 0; page < pages; page++) {
    doc.addPage();
    header(doc, input, regular, bold, arabic);
    if (!input.rooms.length) {
      const width = A4.width - 2 * MARGIN;
      doc.font(regular).fontSize(12).text(sheetTexts.noRooms.en, MARGIN, MARGIN + HEADER + 20, { width, lineBreak: false });
      if (arabic) drawLine(doc, sheetTexts.noRooms.ar, MARGIN, MARGIN + HEADER + 40, { width, align: 'right', base: 'rtl' });
    }
    input.rooms.slice(page * CODES_PER_PAGE, (page + 1) * CODES_PER_PAGE).forEach((room, i) => {
      const x = MARGIN + (i % COLS) * cellWidth;
      const y = MARGIN + HEADER + Math.floor(i / COLS) * cellHeight;
      const qrX = x + (cellWidth - QR_SIZE) / 2;
      drawQr(doc, room.url, qrX, y + 8, QR_SIZE);
      doc.link(qrX, y + 8, QR_SIZE, QR_SIZE, room.url);
      const textY = y + 8 + QR_SIZE + 6;
      const label = arabic ? `${sheetTexts.room.en} ${room.number} · ${sheetTexts.room.ar}` : `${sheetTexts.room.en} ${room.number}`;
      doc.font(bold).fontSize(13).fillColor('black');
      drawLine(doc, label, x, textY, { width: cellWidth, align: 'center', base: 'ltr', minFontSize: 9 });
      doc.font(regular).fontSize(9);
      drawLine(doc, input.hotel.name, x + 4, textY + 17, { width: cellWidth - 8, align: 'center', minFontSize: 6 });
      if (arabic) drawLine(doc, input.hotel.nameAr, x + 4, textY + 29, { width: cellWidth - 8, align: 'center', base: 'rtl', minFontSize: 6 });
    });
  }
  doc.end();
  return done;
}

function header(doc: PDFKit.PDFDocument, input: QrSheetInput, regular: string, bold: string, arabic: boolean): void {
  const width = A4.width - 2 * MARGIN;
  // English name on the left, Arabic name on the right, each on its half of the line.
  doc.font(bold).fontSize(14).fillColor('black');
  drawLine(doc, input.hotel.name, MARGIN, MARGIN, { width: arabic ? width / 2 - 6 : width, align: 'left', base: 'ltr', minFontSize: 8 });
  if (arabic) {
    doc.font(regular).fontSize(14);
    drawLine(doc, input.hotel.nameAr, MARGIN + width / 2 + 6, MARGIN, { width: width / 2 - 6, align: 'right', base: 'rtl', minFontSize: 8 });
  }
  const title = arabic ? `${sheetTexts.title.en} · ${sheetTexts.title.ar}` : sheetTexts.title.en;
  doc.font(regular).fontSize(10).fillColor('#444444');
  drawLine(doc, title, MARGIN, MARGIN + 20, { width, align: 'center', base: 'ltr' });
  doc.moveTo(MARGIN, MARGIN + HEADER - 8).lineTo(A4.width - MARGIN, MARGIN + HEADER - 8).strokeColor('#cccccc').stroke();
}

/** Draws the code's dark modules, merging horizontal runs into one rectangle each. */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 2;
  const unit = size / (modules.size + 2 * quiet);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; ) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      // A hair of overlap hides the seams some viewers draw between touching squares.
      doc.rect(x + (start + quiet) * unit, y + (row + quiet) * unit, (col - start) * unit + 0.05, unit + 0.05);
    }
  }
  doc.fillColor('black').fill();
}
