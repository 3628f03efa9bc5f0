import { z } from 'zod';
import { envelope } from '../../envelope';
import { centsToAmount } from '../../money';
import { toTaxLineDtos, toTaxSummaryDtos, ZTaxLine, ZTaxSummaryLine } from '../../tax-lines';
import type { CreditNoteRecord } from './credit-notes.repository';
import type { DocumentLine } from './document-lines';

export const ZCreditNoteLine = z
  .object({
    order_item_id: z.number().int().nullable().meta({
      description:
        'The order line reversed; null for a charge: the shipping charge, or the cash-on-delivery fee (its description says which)',
    }),
    description: z.string(),
    hsn_code: z.string().nullable(),
    quantity: z.number().int(),
    unit_price: z.number(),
    discount: z.number(),
    taxable_value: z.number(),
    tax_lines: z.array(ZTaxLine),
    tax: z.number(),
    total: z.number(),
  })
  .meta({ id: 'CreditNoteLine' });

export const ZCreditNote = z
  .object({
    number: z.string().meta({ example: 'CN/2627/000001' }),
    issue_date: z.iso.date(),
    reason: z.string(),
    currency: z.string(),
    lines: z.array(ZCreditNoteLine),
    tax_lines: z.array(ZTaxSummaryLine).meta({
      description: 'The tax reversed, per component name and rate, with the value it was on',
    }),
    taxable_value: z.number(),
    tax: z.number(),
    total: z.number(),
  })
  .meta({
    id: 'CreditNote',
    description:
      'What a refund gives back of an invoiced order: the lines (or parts of lines) and the tax it reverses. Amounts are positive.',
  });
export type CreditNoteDto = z.infer<typeof ZCreditNote>;

export const ZCreditNoteListOutput = envelope(z.array(ZCreditNote));

const lineDto = (line: DocumentLine) => ({
  order_item_id: line.orderItemId,
  description: line.description,
  hsn_code: line.hsnCode,
  quantity: line.quantity,
  unit_price: centsToAmount(line.unitPriceCents),
  discount: centsToAmount(line.discountCents),
  taxable_value: centsToAmount(line.taxableValueCents),
  tax_lines: toTaxLineDtos(line.taxLines),
  tax: centsToAmount(line.taxCents),
  total: centsToAmount(line.totalCents),
});

export function toCreditNoteDto(note: CreditNoteRecord, currency: string): CreditNoteDto {
  return {
    number: note.number,
    issue_date: note.issueDate,
    reason: note.reason,
    currency,
    lines: note.lines.map(lineDto),
    tax_lines: toTaxSummaryDtos(note.taxLines),
    taxable_value: centsToAmount(note.taxableValueCents),
    tax: centsToAmount(note.taxCents),
    total: centsToAmount(note.totalCents),
  };
}
