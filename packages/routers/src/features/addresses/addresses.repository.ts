import type { Executor } from '@storefront/db/client';
import { type AddressType, addresses } from '@storefront/db/schema';
import { and, asc, desc, eq, ne } from 'drizzle-orm';

export type AddressRecord = typeof addresses.$inferSelect;

export interface AddressValues {
  type?: AddressType;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string;
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string | null;
  postcode: string;
  country: string;
  isDefaultShipping?: boolean;
  isDefaultBilling?: boolean;
}

export function createAddressesRepository(db: Executor) {
  return {
    listForUser(userId: number): Promise<AddressRecord[]> {
      return db
        .select()
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(
          desc(addresses.isDefaultShipping),
          desc(addresses.isDefaultBilling),
          asc(addresses.id),
        );
    },

    /** Only the owner's address: another customer's id reads as unknown. */
    async findOwned(userId: number, id: number): Promise<AddressRecord | undefined> {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
      return row;
    },

    async countForUser(userId: number): Promise<number> {
      return db.$count(addresses, eq(addresses.userId, userId));
    },

    /** Clears a default flag on the user's other addresses before one is made default. */
    async clearDefault(
      userId: number,
      kind: 'shipping' | 'billing',
      exceptId?: number,
    ): Promise<void> {
      const column = kind === 'shipping' ? addresses.isDefaultShipping : addresses.isDefaultBilling;
      const set = kind === 'shipping' ? { isDefaultShipping: false } : { isDefaultBilling: false };
      await db
        .update(addresses)
        .set(set)
        .where(
          and(
            eq(addresses.userId, userId),
            eq(column, true),
            exceptId === undefined ? undefined : ne(addresses.id, exceptId),
          ),
        );
    },

    async insert(userId: number, values: AddressValues): Promise<AddressRecord> {
      const [row] = await db
        .insert(addresses)
        .values({ ...values, userId })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(
      userId: number,
      id: number,
      values: Partial<AddressValues>,
    ): Promise<AddressRecord | undefined> {
      // An update naming no field (`PUT` with `{}`) still runs: drizzle refuses an empty SET.
      const [row] = await db
        .update(addresses)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      return row;
    },

    async delete(userId: number, id: number): Promise<boolean> {
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning({ id: addresses.id });
      return deleted.length === 1;
    },
  };
}

export type AddressesRepository = ReturnType<typeof createAddressesRepository>;
