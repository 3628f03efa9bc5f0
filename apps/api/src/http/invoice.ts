import { validationError } from '@storefront/routers/errors';
import { renderInvoicePdf } from '@storefront/routers/features/orders/invoice.pdf';
import type { Services } from '@storefront/routers/services';
import type { RequestHandler } from 'express';

/**
 * GET /api/v1/customer/orders/{id}/invoice: a binary PDF, which trpc-to-openapi cannot send,
 * so this one route is plain Express calling the orders service (paid orders only).
 */
export function createInvoiceRoute(services: Services, shopName: string): RequestHandler {
  return async (req, res, next) => {
    try {
      const session = await services.authenticate(req.headers.authorization);
      services.recordAppActivity(session);
      // Canonical decimal only: Number() would also read " 1", "1e0", "0x1" or "01" as order 1.
      const raw = String(req.params.id);
      const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
      if (!Number.isInteger(id) || id > 2_147_483_647) {
        throw validationError({ id: ['Must be a whole number.'] });
      }
      const order = await services.orders.invoice(id, session.user.id);
      const pdf = await renderInvoicePdf(order, { name: shopName });
      res
        .status(200)
        .set({
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="invoice-${order.order_number}.pdf"`,
          'Cache-Control': 'private, no-store',
        })
        .send(pdf);
    } catch (error) {
      next(error);
    }
  };
}
