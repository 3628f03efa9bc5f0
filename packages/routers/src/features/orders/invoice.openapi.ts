import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';

/** The invoice is a binary PDF sent by a plain Express route; this entry documents it. */
export const invoicePath: ZodOpenApiPathsObject = {
  '/customer/orders/{id}/invoice': {
    get: {
      operationId: 'orders-invoice',
      tags: ['orders'],
      summary: 'Download the PDF invoice of a paid order',
      security: [{ Authorization: [] }],
      parameters: [
        { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
      ],
      responses: {
        200: {
          description:
            'application/pdf, Content-Disposition: attachment; filename="invoice-<order_number>.pdf"',
          content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
        },
        401: { description: 'Missing or invalid token' },
        404: { description: "Unknown order, or another customer's" },
        422: {
          description:
            'INVOICE_NOT_AVAILABLE until the order is paid; VALIDATION_ERROR for a malformed id',
        },
      },
    },
  },
};
