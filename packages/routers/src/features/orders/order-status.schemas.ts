import { ORDER_STATUSES, PAYMENT_STATUSES } from '@storefront/db/schema';
import { z } from 'zod';

/** One named enum each, so the order, the order list and place-order share one client type. */
export const ZOrderStatus = z.enum(ORDER_STATUSES).meta({ id: 'OrderStatus' });
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES).meta({ id: 'PaymentStatus' });
