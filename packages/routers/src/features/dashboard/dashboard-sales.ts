import { shopLocalDate } from '@storefront/pricing';
import { centsToAmount } from '../../money';
import type { Clock } from '../../ports';
import type { DashboardRepository } from './dashboard.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The chart's span: today and the 29 shop-local days before it. */
export const SALES_DAYS = 30;
const TOP_PRODUCTS = 5;
const FAILED_REFUNDS_SHOWN = 10;

/** `YYYY-MM-DD` → the calendar day `offset` days away (pure date arithmetic, no zone). */
function shiftDay(day: string, offset: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + offset)).toISOString().slice(0, 10);
}

/**
 * The dashboard's chart and lists (docs/admin-panel.md): orders and revenue per day of the shop's
 * calendar (tax settings' time zone, as invoices are dated) for the last 30 days with the days
 * without orders as zeros, the best sellers of those days, and what waits for someone: returns
 * requested and refunds whose gateway part failed.
 */
export async function dashboardSales(deps: {
  repo: DashboardRepository;
  clock: Clock;
  timeZone: () => Promise<string>;
  /** Each product's main image (the catalogue's), for the best sellers' thumbnails. */
  thumbnails: (productIds: number[]) => Promise<Map<number, string>>;
}) {
  const { repo } = deps;
  const now = deps.clock.now();
  const timeZone = await deps.timeZone();
  const today = shopLocalDate(now, timeZone);
  const first = shiftDay(today, -(SALES_DAYS - 1));
  // A bound wide enough for any zone (±14 h); the days before `first` are dropped below.
  const since = new Date(now.getTime() - (SALES_DAYS + 1) * DAY_MS);
  const [perDay, top, refunds, returnsRequested] = await Promise.all([
    repo.perShopDay(since, timeZone),
    repo.topProducts(since, TOP_PRODUCTS),
    repo.failedRefunds(FAILED_REFUNDS_SHOWN),
    repo.returnsRequested(),
  ]);
  const images = await deps.thumbnails(top.map((row) => row.productId));
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const days = Array.from({ length: SALES_DAYS }, (_, index) => {
    const date = shiftDay(first, index);
    const row = byDay.get(date);
    return {
      date,
      orders: row?.orders ?? 0,
      revenue: centsToAmount(row?.revenueMinor ?? 0),
    };
  });
  return {
    time_zone: timeZone,
    days,
    top_products: top.map((row) => ({
      product_id: row.productId,
      name: row.name,
      image_url: images.get(row.productId) ?? null,
      units: row.units,
      revenue: centsToAmount(row.revenueMinor),
    })),
    returns_requested: returnsRequested,
    failed_refunds: {
      total: refunds.total,
      items: refunds.rows.map((row) => ({
        id: row.id,
        order_id: row.orderId,
        order_number: row.orderNumber,
        amount: centsToAmount(row.gatewayMinor),
        created_at: row.createdAt.toISOString(),
      })),
    },
  };
}
