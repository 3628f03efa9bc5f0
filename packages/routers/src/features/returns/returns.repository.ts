import type { Executor } from '@storefront/db/client';
import {
  type ReturnStatus,
  returnEvents,
  returnItems,
  returnSettings,
  returns,
} from '@storefront/db/schema';
import { and, asc, count, desc, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import { type PageRequest, pageOffset } from '../../pagination';

export type ReturnRecord = typeof returns.$inferSelect;
export type ReturnItemRecord = typeof returnItems.$inferSelect;
export type ReturnEventRecord = typeof returnEvents.$inferSelect;
export type ReturnSettingsRecord = Omit<typeof returnSettings.$inferSelect, 'id' | 'updatedAt'>;
export type NewReturn = Omit<typeof returns.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type NewReturnItem = Omit<typeof returnItems.$inferInsert, 'id' | 'returnId'>;

/** A return with its lines and events, as every read answers it. */
export interface ReturnWithParts extends ReturnRecord {
  items: ReturnItemRecord[];
  events: ReturnEventRecord[];
}

/** Statuses whose units are still on their way back: not returnable again meanwhile. */
export const OPEN_STATUSES: readonly ReturnStatus[] = ['requested', 'approved', 'received'];

export const DEFAULT_RETURN_SETTINGS: ReturnSettingsRecord = {
  returnWindowDays: 7,
  autoApprove: [],
  returnFeeCents: 0,
  restockOnReceive: true,
};

/** admin.returns.list's filters; either may be left out. */
export interface AdminReturnFilter {
  status?: ReturnStatus | undefined;
  orderId?: number | undefined;
}

export function createReturnsRepository(db: Executor) {
  async function withParts(rows: ReturnRecord[]): Promise<ReturnWithParts[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const [items, events] = await Promise.all([
      db
        .select()
        .from(returnItems)
        .where(inArray(returnItems.returnId, ids))
        .orderBy(asc(returnItems.id)),
      db
        .select()
        .from(returnEvents)
        .where(inArray(returnEvents.returnId, ids))
        .orderBy(asc(returnEvents.id)),
    ]);
    return rows.map((row) => ({
      ...row,
      items: items.filter((item) => item.returnId === row.id),
      events: events.filter((event) => event.returnId === row.id),
    }));
  }

  async function paged(where: SQL | undefined, request: PageRequest) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(returns)
        .where(where)
        .orderBy(desc(returns.id))
        .limit(pageOffset(request).limit)
        .offset(pageOffset(request).offset),
      db.select({ total: count() }).from(returns).where(where),
    ]);
    return { items: await withParts(rows), total: total?.total ?? 0 };
  }

  return {
    async settings(): Promise<ReturnSettingsRecord> {
      const [row] = await db.select().from(returnSettings).where(eq(returnSettings.id, 1));
      if (!row) return DEFAULT_RETURN_SETTINGS;
      const { id: _id, updatedAt: _updated, ...settings } = row;
      return settings;
    },

    async saveSettings(settings: ReturnSettingsRecord): Promise<void> {
      await db
        .insert(returnSettings)
        .values({ id: 1, ...settings })
        .onConflictDoUpdate({ target: returnSettings.id, set: settings });
    },

    /**
     * The units of each order line in returns still open (not refunded, rejected, cancelled),
     * and those exchanged: given back for a replacement, not for money, so the ledger never
     * counts them and they must not come back again (docs/returns.md, "Exchanges").
     */
    async openUnits(orderId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({
          orderItemId: returnItems.orderItemId,
          quantity: returnItems.quantity,
          receivedQuantity: returnItems.receivedQuantity,
          status: returns.status,
        })
        .from(returnItems)
        .innerJoin(returns, eq(returns.id, returnItems.returnId))
        .where(
          and(
            eq(returns.orderId, orderId),
            or(
              inArray(returns.status, [...OPEN_STATUSES]),
              and(isNotNull(returns.replacementOrderId), isNotNull(returnItems.exchangeVariantId)),
            ),
          ),
        );
      const units = new Map<number, number>();
      for (const row of rows) {
        const held = OPEN_STATUSES.includes(row.status) ? row.quantity : row.receivedQuantity;
        units.set(row.orderItemId, (units.get(row.orderItemId) ?? 0) + held);
      }
      return units;
    },

    /** Every return of the customer with its parts, oldest first (the account export). */
    async allOfUser(userId: number): Promise<ReturnWithParts[]> {
      return withParts(
        await db.select().from(returns).where(eq(returns.userId, userId)).orderBy(asc(returns.id)),
      );
    },

    async countForOrder(orderId: number): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(returns)
        .where(eq(returns.orderId, orderId));
      return row?.total ?? 0;
    },

    async insert(row: NewReturn, items: NewReturnItem[]): Promise<ReturnRecord> {
      const [created] = await db.insert(returns).values(row).returning();
      if (!created) throw new Error('return insert returned no row');
      await db.insert(returnItems).values(items.map((item) => ({ ...item, returnId: created.id })));
      return created;
    },

    async addEvent(returnId: number, status: ReturnStatus, note?: string | null): Promise<void> {
      await db.insert(returnEvents).values({ returnId, status, note: note ?? null });
    },

    /** Moves a return on only from `from`: false when another request moved it first. */
    async changeStatus(
      id: number,
      from: readonly ReturnStatus[],
      changes: Partial<Pick<ReturnRecord, 'status' | 'refundId' | 'replacementOrderId'>>,
    ): Promise<boolean> {
      const updated = await db
        .update(returns)
        .set(changes)
        .where(and(eq(returns.id, id), inArray(returns.status, [...from])))
        .returning({ id: returns.id });
      return updated.length > 0;
    },

    /** The return (the customer's own when `userId` is given), locked when asked. */
    async find(
      id: number,
      userId?: number,
      options: { lock?: boolean } = {},
    ): Promise<ReturnWithParts | undefined> {
      const where =
        userId === undefined
          ? eq(returns.id, id)
          : and(eq(returns.id, id), eq(returns.userId, userId));
      const query = db.select().from(returns).where(where);
      const rows = await (options.lock ? query.for('update') : query);
      return (await withParts(rows))[0];
    },

    /** The return a ledger row refunds (or asks to refund, awaiting approval). */
    async findByRefund(refundId: number): Promise<ReturnWithParts | undefined> {
      return (
        await withParts(await db.select().from(returns).where(eq(returns.refundId, refundId)))
      )[0];
    },

    forUser(userId: number, request: PageRequest) {
      return paged(eq(returns.userId, userId), request);
    },

    /** The shop's list: by status and by order (the panel's order page), newest first. */
    list(filter: AdminReturnFilter, request: PageRequest) {
      const { status, orderId } = filter;
      return paged(
        and(
          status ? eq(returns.status, status) : undefined,
          orderId === undefined ? undefined : eq(returns.orderId, orderId),
        ),
        request,
      );
    },

    async setReceived(
      itemId: number,
      receivedQuantity: number,
      condition: ReturnItemRecord['condition'],
    ): Promise<void> {
      await db
        .update(returnItems)
        .set({ receivedQuantity, condition })
        .where(eq(returnItems.id, itemId));
    },
  };
}

export type ReturnsRepository = ReturnType<typeof createReturnsRepository>;

/** Returns the customer asked for that nobody has approved or rejected yet (the dashboard's). */
export function returnsAwaitingDecision(db: Executor): Promise<number> {
  return db.$count(returns, eq(returns.status, 'requested'));
}
