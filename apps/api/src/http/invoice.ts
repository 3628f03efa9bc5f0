import { renderTaxDocumentPdf } from '@storefront/routers';
import type { Services } from '@storefront/routers/services';
import type { RequestHandler } from 'express';
import { pathId, requireCustomer, sessionOf } from './customer-session';

/*
 * The invoice and credit notes are binary PDFs, which trpc-to-openapi cannot send, so these two
 * routes are plain Express calling the orders service, for the customer's (or guest's) own orders.
 */

const pdfHeaders = (fileName: string) => ({
  'Content-Type': 'application/pdf',
  'Content-Disposition': `attachment; filename="${fileName}"`,
  'Cache-Control': 'private, no-store',
});

/** GET /api/v1/customer/orders/{id}/invoice: invoiced orders (paid or shipped) only. */
export function createInvoiceRoute(services: Services, shopName: string): RequestHandler[] {
  const send: RequestHandler = async (req, res, next) => {
    try {
      const { orderNumber, document } = await services.orders.invoice(
        pathId(req, 'id'),
        sessionOf(res).user.id,
      );
      const pdf = await renderTaxDocumentPdf(document, { shopName });
      res
        .status(200)
        .set(pdfHeaders(`invoice-${orderNumber}.pdf`))
        .send(pdf);
    } catch (error) {
      next(error);
    }
  };
  return [requireCustomer(services, { allowGuest: true }), send];
}

/**
 * GET /api/v1/customer/orders/{id}/credit-notes/{number}: `number` URL-encoded (`/` as `%2F`,
 * which Express decodes into the parameter); a number the order has no note for is a 404.
 */
export function createCreditNoteRoute(services: Services, shopName: string): RequestHandler[] {
  const send: RequestHandler = async (req, res, next) => {
    try {
      const { number, document } = await services.orders.creditNote(
        pathId(req, 'id'),
        sessionOf(res).user.id,
        String(req.params.number),
      );
      const pdf = await renderTaxDocumentPdf(document, { shopName });
      // A file name has no `/`: the number's slashes become dashes.
      const fileName = `credit-note-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;
      res.status(200).set(pdfHeaders(fileName)).send(pdf);
    } catch (error) {
      next(error);
    }
  };
  return [requireCustomer(services, { allowGuest: true }), send];
}
