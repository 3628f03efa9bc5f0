import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import type { ErrorCode } from '../../errors';
import { zId } from '../../zod-helpers';

const pdfResponse = (description: string, disposition: string, example: string) => ({
  200: {
    description,
    headers: z.object({
      'Content-Disposition': z.string().meta({ description: disposition, example }),
    }),
    content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
  },
});

/** The invoice and credit notes are binary PDFs sent by plain Express routes; these document them. */
export const invoicePath: ZodOpenApiPathsObject = {
  '/customer/orders/{id}/invoice': {
    get: {
      operationId: 'orders-invoice',
      tags: ['orders'],
      summary: 'Download invoice',
      description:
        "The PDF invoice of an invoiced order, as an attachment named after the order number: seller and buyer with their tax ids, the invoice number from the shop's gapless series and its date, the place of supply, each line's HSN code, discount, taxable value and tax components, the totals and the amount in words. An order is invoiced when it is first paid or shipped (or placed, when the shop invoices at placement); an order paid or shipped before invoice numbers existed is numbered on its first download. Any other order answers 422 INVOICE_NOT_AVAILABLE; another customer's order 404 like an unknown id.",
      security: [{ Authorization: [] }],
      requestParams: { path: z.object({ id: zId() }) },
      responses: pdfResponse(
        'The invoice, a PDF attachment',
        'Always `attachment; filename="invoice-<order_number>.pdf"`.',
        'attachment; filename="invoice-SF-2026-000042.pdf"',
      ),
    },
  },
  '/customer/orders/{id}/credit-notes/{number}': {
    get: {
      operationId: 'orders-credit-note-pdf',
      tags: ['orders'],
      summary: 'Download credit note',
      description:
        "One credit note of the order (see `GET /customer/orders/{id}/credit-notes`) as a PDF attachment: the lines and tax it reverses, against the order's invoice. `number` is the note's number URL-encoded (`/` as `%2F`: `CN%2F2627%2F000001`). A number the order has no note for answers 404, as does another customer's order.",
      security: [{ Authorization: [] }],
      requestParams: {
        path: z.object({
          id: zId(),
          number: z.string().min(1).max(16).meta({ example: 'CN/2627/000001' }),
        }),
      },
      responses: pdfResponse(
        'The credit note, a PDF attachment',
        'Always `attachment; filename="credit-note-<number>.pdf"`, the number\'s `/` written as `-`.',
        'attachment; filename="credit-note-CN-2627-000001.pdf"',
      ),
    },
  },
};

/** Their errors besides those of their shape (see openapi.ts). */
export const invoiceOperation = {
  path: '/customer/orders/{id}/invoice',
  method: 'get' as const,
  errors: ['INVOICE_NOT_AVAILABLE'] as ErrorCode[],
};
export const creditNotePdfOperation = {
  path: '/customer/orders/{id}/credit-notes/{number}',
  method: 'get' as const,
  errors: [] as ErrorCode[],
};
