import { AppError, type FieldErrors } from '../../errors';
import { centsToAmount } from '../../money';
import type { PurchasableRecord } from '../catalog';
import {
  invoiceAtPlacement,
  type OrderRecord,
  type ReplacementLine,
  writeReplacementOrder,
} from '../orders';
import type { ReturnWithParts } from './returns.repository';
import type { AskedItem, OrderState, ReturnLines } from './returns.rules';
import type { ReturnRepositories } from './returns.service';

/*
 * Exchanges (issue 38; docs/returns.md, "Exchanges"): an item with `exchange_variant_id` asks for
 * another variant of the same product at the same price instead of money. Asked: the variant is
 * checked and its stock looked at (nothing is taken). Received: the replacement order is written
 * at price 0 and the variant's stock taken by the guarded decrement checkout uses, in receive's
 * transaction; a variant sold out meanwhile leaves the return `received` and tells the shop.
 */

interface ExchangeAsk {
  order_item_id: number;
  quantity: number;
  exchange_variant_id?: number | undefined;
}

/** What the customer is told of an exchange the shop cannot fulfil. */
const SOLD_OUT_NOTE = (what: string) =>
  `Exchange not sent: ${what} is out of stock. Restock it and send the replacement, or refund the return.`;

const variantLabel = (variant: PurchasableRecord) =>
  variant.variantName ? `${variant.name} (${variant.variantName})` : variant.name;

/** The variant asked for, among the product's purchasables (every variant, active or not). */
async function variantOf(
  tx: Pick<ReturnRepositories, 'purchasables'>,
  productId: number,
  variantId: number,
  now: Date,
): Promise<PurchasableRecord | undefined> {
  return (await tx.purchasables.find([productId], now)).find(
    (candidate) => candidate.variantId === variantId,
  );
}

/**
 * 422 naming `items.N.exchange_variant_id` unless each exchange asks for another variant of the
 * line's product, on sale, at the price the line was bought at, with the units in stock now.
 * Lines not on the order are `checkAsked`'s to name.
 */
export async function checkExchanges(
  tx: Pick<ReturnRepositories, 'purchasables'>,
  state: Pick<OrderState, 'items'>,
  asked: readonly ExchangeAsk[],
  now: Date,
): Promise<void> {
  const errors: FieldErrors = {};
  const short = new Set<string>();
  for (const [index, want] of asked.entries()) {
    if (want.exchange_variant_id === undefined) continue;
    const item = state.items.find((candidate) => candidate.id === want.order_item_id);
    if (!item) continue;
    const key = `items.${index}.exchange_variant_id`;
    const variant =
      item.productId === null
        ? undefined
        : await variantOf(tx, item.productId, want.exchange_variant_id, now);
    if (!variant) errors[key] = ['Not a variant of the returned product.'];
    else if (variant.variantId === item.variantId) {
      errors[key] = ['The variant being returned: ask for another one.'];
    } else if (!variant.active) errors[key] = ['This product is no longer sold.'];
    else if (variant.unitPriceCents !== item.priceCents) {
      errors[key] = [
        `This variant costs ${centsToAmount(variant.unitPriceCents)}, the returned one ${centsToAmount(item.priceCents)}: only a variant at the same price can be exchanged.`,
      ];
    } else if (variant.stockQuantity < want.quantity) {
      short.add(key);
      errors[key] = [
        variant.stockQuantity === 0
          ? 'This variant is out of stock.'
          : `Only ${variant.stockQuantity} of this variant in stock.`,
      ];
    }
  }
  if (Object.keys(errors).length === 0) return;
  // Out of stock alone is the contract's OUT_OF_STOCK; any other refusal is a validation error.
  const onlyStock = Object.keys(errors).every((key) => short.has(key));
  throw new AppError(onlyStock ? 'OUT_OF_STOCK' : 'VALIDATION_ERROR', undefined, {
    fieldErrors: errors,
  });
}

/** The asked items that ask for money: an exchange gives none back. */
export const refundedAsked = (asked: readonly AskedItem[], items: readonly ExchangeAsk[]) =>
  asked.filter((_, index) => items[index]?.exchange_variant_id === undefined);

/** The quote's items in the request's order: an exchanged item's amount is 0. */
export function quoteItemsWithExchanges(
  items: readonly ExchangeAsk[],
  refunded: ReturnLines['items'],
): ReturnLines['items'] {
  return items.map(
    (want) =>
      refunded.find((line) => line.orderItemId === want.order_item_id) ?? {
        orderItemId: want.order_item_id,
        quantity: want.quantity,
        amountCents: 0,
      },
  );
}

/**
 * The items a refund gives money back for: every received item, but an exchange whose
 * replacement was sent (a sold-out exchange the shop refunds instead counts as money).
 */
export const refundedItems = (found: ReturnWithParts) =>
  found.items.filter(
    (item) => item.exchangeVariantId === null || found.replacementOrderId === null,
  );

/** The event, e-mail and push of a status the customer is told of (returns-admin's `tell`). */
export type Tell = (
  tx: ReturnRepositories,
  found: ReturnWithParts,
  order: { id: number; currency: string },
  status: 'exchanged',
  note: string | null,
) => Promise<void>;

/**
 * Sends the exchange of a received return (the order locked by the caller): the replacement
 * order at price 0, each variant's units taken by guarded decrements, `replacement_order_id`
 * set and the customer told (`return_exchanged`). The return ends `exchanged` unless received
 * units of it are still to be refunded (then `admin.returns.refund` ends it `refunded`). A
 * variant sold out (or gone) meanwhile: nothing taken, nothing negative, the return stays
 * `received` and the shop is told by an event on the return and on the order. Answers the
 * replacement order, or null when none was sent.
 */
export async function sendExchange(
  tx: ReturnRepositories,
  found: ReturnWithParts,
  order: OrderRecord,
  now: Date,
  tell: Tell,
): Promise<OrderRecord | null> {
  const exchanged = found.items.filter(
    (item) => item.exchangeVariantId !== null && item.receivedQuantity > 0,
  );
  if (exchanged.length === 0 || found.replacementOrderId !== null) return null;
  const ordered = await tx.orders.items(order.id);
  const lines: ReplacementLine[] = [];
  const taken: ReplacementLine[] = [];
  let missing: string | undefined;
  for (const item of exchanged) {
    const line = ordered.find((candidate) => candidate.id === item.orderItemId);
    const variant =
      line?.productId && item.exchangeVariantId !== null
        ? await variantOf(tx, line.productId, item.exchangeVariantId, now)
        : undefined;
    if (!line || !variant || variant.variantId === null) {
      missing = line ? `the variant asked for ${line.productName}` : 'a variant asked for';
      break;
    }
    const replacement: ReplacementLine = {
      productId: variant.productId,
      variantId: variant.variantId,
      productName: variant.name,
      variantName: variant.variantName,
      sku: variant.sku,
      quantity: item.receivedQuantity,
      taxCategory: line.taxCategory,
      hsnCode: line.hsnCode,
    };
    lines.push(replacement);
    if (!(await tx.stock.take(replacement))) {
      missing = variantLabel(variant);
      break;
    }
    taken.push(replacement);
  }
  if (missing !== undefined) {
    // All or nothing: what was taken for the other lines goes back in this transaction.
    for (const line of taken) await tx.stock.release(line);
    const note = SOLD_OUT_NOTE(missing);
    await tx.returns.addEvent(found.id, 'received', note);
    await tx.orders.addEvent(order.id, order.status, `Return ${found.number}: ${note}`);
    return null;
  }
  const replacement = await writeReplacementOrder(
    tx,
    order,
    lines,
    `Replacement for return ${found.number} of order ${order.orderNumber}.`,
  );
  const refundLeft = refundedItems({ ...found, replacementOrderId: replacement.id }).some(
    (item) => item.receivedQuantity > 0,
  );
  await tx.returns.changeStatus(found.id, ['received'], {
    status: refundLeft ? 'received' : 'exchanged',
    replacementOrderId: replacement.id,
  });
  await tell(tx, found, order, 'exchanged', `Replacement order ${replacement.orderNumber}.`);
  await tx.orders.addEvent(
    order.id,
    order.status,
    `Return ${found.number} exchanged: replacement order ${replacement.orderNumber}`,
  );
  // Last: the invoice counter row is every invoicing's (a zero-value invoice when it is numbered).
  await invoiceAtPlacement(tx, replacement, now);
  return replacement;
}
