import PDFDocument from "pdfkit";
import type { MirroredInvoice } from "../store/mirror.repository";

const usd = (cents: number) => `${cents < 0 ? "-" : ""}$${(Math.abs(cents) / 100).toFixed(2)}`;
const day = (at: Date) => at.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const daySeconds = (seconds: number) => day(new Date(seconds * 1000));

export interface InvoicePdfInput {
  invoice: MirroredInvoice;
  customer: { name: string; email: string };
}

/** A one-page PDF invoice (US Letter): seller, customer, number and dates, line items, totals. */
export function renderInvoicePdf({ invoice, customer }: InvoicePdfInput): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 50, info: { Title: `Invoice ${invoice.number ?? invoice.id}`, Author: "Rebound" } });
    const chunks: Buffer[] = [];
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.fontSize(22).font("Helvetica-Bold").text("Rebound", 50, 50);
    doc.fontSize(10).font("Helvetica").text("Missed-call text-back for small businesses", 50, 78);
    doc.fontSize(18).font("Helvetica-Bold").text("Invoice", 400, 50, { width: 162, align: "right" });
    doc
      .fontSize(10)
      .font("Helvetica")
      .text(`Invoice number: ${invoice.number ?? invoice.id}`, 312, 78, { width: 250, align: "right" })
      .text(`Date: ${day(invoice.created)}`, { width: 250, align: "right" })
      .text(`Status: ${invoice.status === "paid" ? "Paid" : invoice.status}`, { width: 250, align: "right" });

    doc.font("Helvetica-Bold").text("Billed to", 50, 140);
    doc
      .font("Helvetica")
      .text(customer.name || customer.email)
      .text(customer.email);

    let y = 210;
    doc.font("Helvetica-Bold").text("Description", 50, y).text("Period", 300, y).text("Amount", 462, y, { width: 100, align: "right" });
    y += 16;
    doc.moveTo(50, y).lineTo(562, y).stroke();
    y += 8;
    doc.font("Helvetica");
    for (const line of invoice.lines) {
      const period = line.periodStart && line.periodEnd ? `${daySeconds(line.periodStart)} - ${daySeconds(line.periodEnd)}` : "";
      const height = Math.max(doc.heightOfString(line.description, { width: 240 }), 12);
      doc
        .text(line.description, 50, y, { width: 240 })
        .text(period, 300, y, { width: 160 })
        .text(usd(line.amountCents), 462, y, { width: 100, align: "right" });
      y += height + 8;
    }
    doc.moveTo(50, y).lineTo(562, y).stroke();
    y += 10;
    const credit = invoice.totalCents - invoice.amountDueCents;
    const rows: [string, number][] = [["Total", invoice.totalCents]];
    if (invoice.totalCents >= 0 && credit > 0) rows.push(["Credit applied", -credit]);
    rows.push(["Amount due", invoice.amountDueCents], ["Amount paid", invoice.amountPaidCents]);
    for (const [label, amount] of rows) {
      doc
        .font(label === "Amount paid" ? "Helvetica-Bold" : "Helvetica")
        .text(label, 300, y, { width: 160 })
        .text(usd(amount), 462, y, { width: 100, align: "right" });
      y += 16;
    }
    if (invoice.totalCents < 0)
      doc.font("Helvetica").text(`${usd(-invoice.totalCents)} was added to your account credit and applies to your next invoices.`, 50, y + 10, { width: 512 });
    doc
      .fontSize(9)
      .fillColor("#666666")
      .text("Amounts in US dollars. Questions about this invoice? Reply to your receipt e-mail.", 50, 700, { width: 512, align: "center" });
    doc.end();
  });
}
