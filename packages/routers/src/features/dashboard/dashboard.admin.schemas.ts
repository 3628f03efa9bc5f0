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
        }),
      )
      .meta({ description: 'Active products with 5 units or fewer, fewest first (at most 10)' }),
    mobile_app: ZSyncStatus,
  })
  .meta({ id: 'AdminDashboard' });
export const ZDashboardOutput = envelope(ZDashboard);
