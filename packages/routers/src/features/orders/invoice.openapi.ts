import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ErrorCode } from '../../errors';
import { zId } from '../../zod-helpers';

/** The invoice is a binary PDF sent by a plain Express route; this entry documents it. */
export const invoicePath: ZodOpenApiPathsObject = {
  '/customer/orders/{id}/invoice': {
    get: {
      operationId: 'orders-invoice',
      tags: ['orders'],
      summary: 'Download invoice',
      description:
        "The PDF invoice of a paid order, as an attachment named after the order number. An order that is not paid yet answers 422 INVOICE_NOT_AVAILABLE; another customer's order 404 like an unknown id.",
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: zId() }) },
      responses: {
        200: {
          description: 'The invoice, a PDF attachment',
          headers: z.object({
            'Content-Disposition': z.string().meta({
              description: 'Always `attachment; filename="invoice-<order_number>.pdf"`.',
              example: 'attachment; filename="invoice-SF-2026-000042.pdf"',
            }),
          }),
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
      },
    },
  },
};

/** Its errors besides those of its shape (see openapi.ts). */
export const invoiceOperation = {
  path: '/customer/orders/{id}/invoice',
  method: 'get' as const,
  errors: ['INVOICE_NOT_AVAILABLE'] as ErrorCode[],
};
