import { z } from 'zod';
import { envelope } from '../../envelope';
import { ZSyncStatus } from '../sync';

const ZPeriod = z.object({
  orders: z.number().int(),
  revenue: z.number().meta({ description: 'Sum of the orders’ totals, in `currency`' }),
});

export const ZDashboard = z
  .object({
    currency: z.string(),
    today: ZPeriod.meta({ description: 'Since midnight UTC; cancelled orders left out' }),
    last_7_days: ZPeriod,
    orders_waiting_to_ship: z.number().int().meta({ description: 'Pending or processing' }),
    low_stock: z
      .array(
        z.object({
          id: z.number().int(),
          sku: z.string(),
          name: z.string(),
          stock_quantity: z.number().int(),
          image_url: z
            .string()
            .nullable()
            .meta({ description: 'The product’s main image, for the thumbnail; null without one' }),
        }),
      )
      .meta({ description: 'Active products with 5 units or fewer, fewest first (at most 10)' }),
    mobile_app: ZSyncStatus,
  })
  .meta({ id: 'AdminDashboard' });
export const ZDashboardOutput = envelope(ZDashboard);

export const ZDashboardSales = z
  .object({
    currency: z.string(),
    time_zone: z
      .string()
      .meta({ description: 'The shop’s calendar (tax settings): the days’ zone' }),
    days: z
      .array(
        z.object({
          date: z.string().meta({ description: 'Shop-local calendar day, YYYY-MM-DD' }),
          orders: z.number().int(),
          revenue: z.number().meta({ description: 'Sum of the orders’ totals, in `currency`' }),
        }),
      )
      .meta({
        description:
          'The last 30 shop-local days, oldest first, today last; a day without orders is zeros. Cancelled orders left out.',
      }),
    top_products: z
      .array(
        z.object({
          product_id: z.number().int(),
          name: z.string(),
          image_url: z
            .string()
            .nullable()
            .meta({ description: 'The product’s main image, for the thumbnail; null without one' }),
          units: z.number().int().meta({ description: 'Ordered less cancelled and returned' }),
          revenue: z.number(),
        }),
      )
      .meta({ description: 'Best sellers of those 30 days by units (at most 5)' }),
    returns_requested: z.number().int().meta({ description: 'Returns awaiting approval' }),
    failed_refunds: z.object({
      total: z.number().int().meta({ description: 'Failed refunds not asked for again yet' }),
      items: z
        .array(
          z.object({
            id: z.number().int(),
            order_id: z.number().int(),
            order_number: z.string(),
            amount: z.number().meta({ description: 'The gateway part that failed' }),
            created_at: z.string(),
          }),
        )
        .meta({ description: 'Newest first (at most 10)' }),
    }),
  })
  .meta({ id: 'AdminDashboardSales' });
export const ZDashboardSalesOutput = envelope(ZDashboardSales);
