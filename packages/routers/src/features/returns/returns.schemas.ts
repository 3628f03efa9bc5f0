import {
  REFUND_DESTINATIONS,
  RETURN_CONDITIONS,
  RETURN_METHODS,
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnQuoteRow,
} from '@storefront/db/schema';
import { z } from 'zod';
import { envelope, paginatedEnvelope } from '../../envelope';
import { centsToAmount } from '../../money';
import { pageQuery } from '../../pagination';
import { toIso, zDateTime, zId } from '../../zod-helpers';
import type { ReturnSettingsRecord, ReturnWithParts } from './returns.repository';

export const ZReturnStatus = z.enum(RETURN_STATUSES);
const money = () => z.number();

/** GET /customer/orders/{id}/returnable */
export const ZReturnable = z
  .object({
    returnable: z.boolean(),
    reason: z
      .enum(['not_delivered', 'window_closed', 'nothing_returnable'])
      .nullable()
      .meta({ description: 'Why not, when `returnable` is false' }),
    window_ends_at: zDateTime().nullable(),
    items: z.array(
      z.object({
        order_item_id: z.number().int(),
        product_name: z.string(),
        variant_name: z.string().nullable(),
        quantity: z.number().int(),
        returnable_quantity: z.number().int(),
        unit_refund: money().meta({ description: 'What the next unit returned refunds' }),
      }),
    ),
    methods: z.array(z.enum(RETURN_METHODS)),
    refund_to: z.array(z.enum(REFUND_DESTINATIONS)),
  })
  .meta({ id: 'Returnable' });

/** The body of quote and create. */
export const ZReturnRequest = z.object({
  id: zId(),
  items: z
    .array(
      z.object({
        order_item_id: zId(),
        quantity: z.number().int().min(1).max(100_000),
        reason: z.enum(RETURN_REASONS),
        note: z.string().trim().max(1000).optional(),
        exchange_variant_id: zId().optional().meta({
          description:
            'Another variant of the same product, at the same price, instead of money: sent as a replacement order at price 0 once the units are received. Its quote amount is 0.',
        }),
      }),
    )
    .min(1)
    .max(100),
  method: z.enum(RETURN_METHODS),
  refund_to: z.enum(REFUND_DESTINATIONS),
});
export type ReturnRequestInput = z.infer<typeof ZReturnRequest>;

export const ZReturnQuote = z
  .object({
    items: z.array(
      z.object({ order_item_id: z.number().int(), quantity: z.number().int(), amount: money() }),
    ),
    items_amount: money(),
    shipping_refund: money(),
    fee: money(),
    refund_total: money(),
    refund_split: z.object({
      gateway: money(),
      gift_cards: money(),
      loyalty_points: money().meta({ description: 'The points as their money value' }),
      store_credit: money(),
    }),
  })
  .meta({ id: 'ReturnQuote' });
export type ReturnQuoteDto = z.infer<typeof ZReturnQuote>;

export const ZReturn = z
  .object({
    id: z.number().int(),
    number: z.string(),
    order_id: z.number().int(),
    status: ZReturnStatus,
    items: z.array(
      z.object({
        id: z.number().int(),
        order_item_id: z.number().int(),
        quantity: z.number().int(),
        reason: z.enum(RETURN_REASONS),
        note: z.string().nullable(),
        received_quantity: z.number().int(),
        condition: z.enum(RETURN_CONDITIONS).nullable(),
        exchange_variant_id: z
          .number()
          .int()
          .nullable()
          .meta({ description: 'The variant asked for instead of money; null: a refund' }),
      }),
    ),
    method: z.enum(RETURN_METHODS),
    refund_to: z.enum(REFUND_DESTINATIONS),
    quote: ZReturnQuote,
    replacement_order_id: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The order that sent the exchange’s replacement (price 0)' }),
    created_at: zDateTime(),
    events: z.array(
      z.object({ status: ZReturnStatus, at: zDateTime(), note: z.string().nullable() }),
    ),
  })
  .meta({ id: 'Return' });
export type ReturnDto = z.infer<typeof ZReturn>;

export const ZReturnId = z.object({ id: zId() });
export const ZReturnListInput = z.object({ ...pageQuery });
export const ZReturnableOutput = envelope(ZReturnable);
export const ZReturnQuoteOutput = envelope(ZReturnQuote);
export const ZReturnOutput = envelope(ZReturn);
export const ZReturnListOutput = paginatedEnvelope(ZReturn);

export const ZAdminReturnListInput = z.object({
  ...pageQuery,
  status: ZReturnStatus.optional(),
  order_id: zId().optional().meta({ description: 'Only this order’s returns' }),
});
export const ZApproveReturnInput = z.object({
  id: zId(),
  note: z.string().trim().max(1000).optional(),
});
export const ZRejectReturnInput = z.object({
  id: zId(),
  reason: z.string().trim().min(1).max(1000),
});
export const ZReceiveReturnInput = z.object({
  id: zId(),
  items: z
    .array(
      z.object({
        order_item_id: zId(),
        quantity: z.number().int().min(0).max(100_000),
        condition: z.enum(RETURN_CONDITIONS),
      }),
    )
    .min(1)
    .max(100),
});

export const ZReturnSettings = z.object({
  return_window_days: z.number().int().min(0).max(3650),
  auto_approve: z.array(z.enum(RETURN_REASONS)).max(RETURN_REASONS.length),
  return_fee: z.number().min(0).max(1_000_000),
  restock_on_receive: z.boolean(),
});
export const ZReturnSettingsUpdate = ZReturnSettings.partial();
export const ZReturnSettingsOutput = envelope(ZReturnSettings);

export const toSettingsDto = (settings: ReturnSettingsRecord): z.infer<typeof ZReturnSettings> => ({
  return_window_days: settings.returnWindowDays,
  auto_approve: [...settings.autoApprove],
  return_fee: centsToAmount(settings.returnFeeCents),
  restock_on_receive: settings.restockOnReceive,
});

export const toQuoteDto = (quote: ReturnQuoteRow): ReturnQuoteDto => ({
  items: quote.items.map((item) => ({
    order_item_id: item.orderItemId,
    quantity: item.quantity,
    amount: centsToAmount(item.amountCents),
  })),
  items_amount: centsToAmount(quote.itemsCents),
  shipping_refund: centsToAmount(quote.shippingCents),
  fee: centsToAmount(quote.feeCents),
  refund_total: centsToAmount(quote.totalCents),
  refund_split: {
    gateway: centsToAmount(quote.split.gatewayCents),
    gift_cards: centsToAmount(quote.split.giftCardCents),
    loyalty_points: centsToAmount(quote.split.loyaltyCents),
    store_credit: centsToAmount(quote.split.storeCreditCents),
  },
});

export const toReturnDto = (row: ReturnWithParts): ReturnDto => ({
  id: row.id,
  number: row.number,
  order_id: row.orderId,
  status: row.status,
  items: row.items.map((item) => ({
    id: item.id,
    order_item_id: item.orderItemId,
    quantity: item.quantity,
    reason: item.reason,
    note: item.note,
    received_quantity: item.receivedQuantity,
    condition: item.condition,
    exchange_variant_id: item.exchangeVariantId,
  })),
  method: row.method,
  refund_to: row.refundTo,
  quote: toQuoteDto(row.quote),
  replacement_order_id: row.replacementOrderId,
  created_at: toIso(row.createdAt),
  events: row.events.map((event) => ({
    status: event.status,
    at: toIso(event.createdAt),
    note: event.note,
  })),
});
