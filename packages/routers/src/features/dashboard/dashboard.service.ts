import { centsToAmount } from '../../money';
import type { Clock } from '../../ports';
import { type CatalogAdminService, FALLBACK_CURRENCY } from '../catalog';
import type { SyncService } from '../sync';
import type { DashboardRepository } from './dashboard.repository';
import { dashboardSales } from './dashboard-sales';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The admin panel's first page: orders and revenue today (since UTC midnight) and over the last
 * 7 days (cancelled orders left out), orders waiting to ship, products low on stock, and the
 * mobile app's connection as the sync status reports it.
 */
export function createDashboardService(deps: {
  repo: DashboardRepository;
  /** The catalogue's stock rule (a configurable product's stock is its variants'). */
  catalogAdmin: Pick<CatalogAdminService, 'lowStock'>;
  /** The store's default currency, as carts read it (cached reference data). */
  defaultCurrency: () => Promise<string | undefined>;
  sync: Pick<SyncService, 'status'>;
  clock: Clock;
  /** The shop's calendar (tax settings' IANA zone): the chart's days. */
  timeZone: () => Promise<string>;
  /** Each product's main image (the catalogue's), for the best sellers' and low stock's thumbnails. */
  thumbnails: (productIds: number[]) => Promise<Map<number, string>>;
}) {
  const { repo, clock } = deps;
  return {
    async summary() {
      const now = clock.now();
      const midnight = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()),
      );
      const [today, week, waiting, lowStock, currency, app] = await Promise.all([
        repo.ordersSince(midnight),
        repo.ordersSince(new Date(now.getTime() - 7 * DAY_MS)),
        repo.waitingToShip(),
        deps.catalogAdmin.lowStock(10),
        deps.defaultCurrency(),
        deps.sync.status(),
      ]);
      const images = await deps.thumbnails(lowStock.map((product) => product.id));
      return {
        currency: currency ?? FALLBACK_CURRENCY,
        today: { orders: today.orders, revenue: centsToAmount(today.revenueMinor) },
        last_7_days: { orders: week.orders, revenue: centsToAmount(week.revenueMinor) },
        orders_waiting_to_ship: waiting,
        low_stock: lowStock.map(({ id, sku, name, stock_quantity }) => ({
          id,
          sku,
          name,
          stock_quantity,
          image_url: images.get(id) ?? null,
        })),
        mobile_app: app,
      };
    },

    async sales() {
      const [figures, currency] = await Promise.all([dashboardSales(deps), deps.defaultCurrency()]);
      return { currency: currency ?? FALLBACK_CURRENCY, ...figures };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
