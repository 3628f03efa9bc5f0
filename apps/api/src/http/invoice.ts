import { renderInvoicePdf } from '@storefront/routers';
import type { Services } from '@storefront/routers/services';
import type { RequestHandler } from 'express';
import { pathId, requireCustomer, sessionOf } from './customer-session';

/**
 * GET /api/v1/customer/orders/{id}/invoice: a binary PDF, which trpc-to-openapi cannot send,
 * so this one route is plain Express calling the orders service (paid orders only).
 */
export function createInvoiceRoute(services: Services, shopName: string): RequestHandler[] {
  const send: RequestHandler = async (req, res, next) => {
    try {
      const order = await services.orders.invoice(pathId(req, 'id'), sessionOf(res).user.id);
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
  return [requireCustomer(services, { allowGuest: true }), send];
}
