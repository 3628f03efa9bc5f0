import { AppError, validationError } from '../../errors';
import type { Clock, FileStorage, JobEnqueuer } from '../../ports';
import type { InTransaction } from '../../transactions';
import type { PasswordAttempts, PasswordHasher } from '../auth/index';
import { enqueueMail } from '../mail';
import { SAVED_CARDS_ERASE_QUEUE, type SavedCardsEraseJob } from '../payments/index';
import type { AccountExport, DeleteAccountInput } from './account.schemas';
import type { AccountData } from './account-data';

/** Exports one customer may take in 24 hours. */
export const EXPORTS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface AccountServiceDeps {
  repo: AccountData;
  inTransaction: InTransaction<{ repo: AccountData; jobs: JobEnqueuer }>;
  hasher: PasswordHasher;
  /** Wrong passwords at deletion count against the account's login budget (auth/passwords.ts). */
  passwordAttempts: PasswordAttempts;
  /**
   * An account without a password proves itself with a fresh phone code or ID token
   * (auth/sign-in.slice.ts `proveWithoutPassword`): 422 naming the field otherwise.
   */
  proveWithoutPassword(userId: number, proof: Omit<DeleteAccountInput, 'password'>): Promise<void>;
  avatarStorage: FileStorage;
  /** Cancels a pending unpaid order as the customer would (stock and coupon given back). */
  cancelOrder(userId: number, orderId: number, reason: string): Promise<unknown>;
  clock: Clock;
  reportBackgroundError?: ((error: unknown) => void) | undefined;
}

/** Rows as JSON: snake_case keys, dates as ISO strings. */
function exported(row: object): unknown {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [
      key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`),
      value instanceof Date ? value.toISOString() : value,
    ]),
  );
}

export function createAccountService(deps: AccountServiceDeps) {
  const { repo, clock } = deps;

  /**
   * Erases the account (docs/privacy.md): open orders refuse, pending unpaid ones are cancelled
   * first, then one transaction deletes every personal row, empties the account's row (orders
   * point at it) and queues the confirmation to the address being erased.
   */
  /**
   * The owner's proof at deletion: the password, or for an account without one a fresh phone
   * code or ID token. Wrong or missing proofs count against the account's failed-login budget
   * (by its e-mail; a phone account has none, so by its id).
   */
  async function proveOwner(
    user: { id: number; email: string | null; passwordHash: string | null },
    proof: DeleteAccountInput,
  ) {
    const budget = user.email ?? `account:${user.id}`;
    await deps.passwordAttempts.count(budget);
    if (user.passwordHash === null) {
      await deps.proveWithoutPassword(user.id, proof);
    } else {
      const matches =
        proof.password !== undefined &&
        (await deps.hasher.verify(user.passwordHash, proof.password));
      if (!matches) {
        const message =
          proof.password === undefined ? 'The password is required.' : 'The password is incorrect.';
        throw validationError({ password: [message] });
      }
    }
    await deps.passwordAttempts.succeeded(budget);
  }

  /**
   * Erases the account (docs/privacy.md): open orders refuse, pending unpaid ones are cancelled
   * first, then one transaction deletes every personal row, empties the account's row (orders
   * point at it) and queues the confirmation to the address being erased.
   */
  async function erase(userId: number, options: { proof?: DeleteAccountInput; byAdmin?: boolean }) {
    const user = await repo.lockUser(userId);
    if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
    if (options.proof) await proveOwner(user, options.proof);
    const open = await repo.openOrderNumbers(userId);
    if (open.length > 0) {
      throw new AppError(
        'ACCOUNT_HAS_OPEN_ORDERS',
        `These orders are still open: ${open.join(', ')}. The account can be deleted once they are delivered or cancelled.`,
        { fieldErrors: { orders: open } },
      );
    }
    for (const orderId of await repo.pendingUnpaidOrderIds(userId)) {
      await deps.cancelOrder(userId, orderId, 'The customer deleted the account.');
    }
    const avatarUrl = await deps.inTransaction(async (tx) => {
      // The user row first, as place-order locks it first (checkout/place-order.service.ts):
      // the two queue up on it instead of deadlocking on the cart.
      const locked = await tx.repo.lockUser(userId);
      if (!locked || locked.deletedAt) throw new AppError('NOT_FOUND');
      if (locked.role === 'admin') {
        // Never zero active Owners (docs/admin-panel.md "Roles").
        const owners = await tx.repo.activeOwnerIds();
        if (owners.includes(userId) && owners.length <= 1) {
          const message = 'The last active Owner cannot be deleted.';
          throw validationError({ [options.byAdmin ? 'id' : 'password']: [message] }, message);
        }
      }
      // An order placed meanwhile (even unpaid: those pending before were cancelled above) keeps
      // the account.
      const stillOpen = await tx.repo.unfinishedOrderNumbers(userId);
      if (stillOpen.length > 0) {
        throw new AppError('ACCOUNT_HAS_OPEN_ORDERS', undefined, {
          fieldErrors: { orders: stillOpen },
        });
      }
      if (locked.email) {
        await enqueueMail(tx.jobs, {
          kind: 'account-deleted',
          email: locked.email,
          name: locked.name,
        });
      }
      const gatewayCustomerId = await tx.repo.erase(userId, clock.now(), locked.email);
      // Saved cards live at Razorpay: erased there by a job, after the commit (SECURITY.md).
      if (gatewayCustomerId) {
        await tx.jobs.enqueue(SAVED_CARDS_ERASE_QUEUE, {
          customerId: gatewayCustomerId,
        } satisfies SavedCardsEraseJob);
      }
      return locked.avatarUrl;
    });
    // The file goes after the commit: a failed delete must not keep the account.
    if (avatarUrl) {
      await deps.avatarStorage.delete(avatarUrl).catch(deps.reportBackgroundError ?? (() => {}));
    }
    return null;
  }

  return {
    /** DELETE /auth/account: the signed-in customer, with the password or another fresh proof. */
    deleteOwn(userId: number, proof: DeleteAccountInput): Promise<null> {
      return erase(userId, { proof });
    },

    /** admin.customers.delete: a customer who asked by e-mail. */
    deleteByAdmin(userId: number): Promise<null> {
      return erase(userId, { byAdmin: true });
    },

    /** GET /customer/export: everything held about the customer, at most 3 times a day. */
    async export(userId: number): Promise<AccountExport> {
      const now = clock.now();
      return deps.inTransaction(async (tx) => {
        const user = await tx.repo.lockUser(userId);
        if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
        const since = new Date(now.getTime() - DAY_MS);
        if ((await tx.repo.exportsSince(userId, since)) >= EXPORTS_PER_DAY) {
          throw new AppError(
            'RATE_LIMITED',
            `At most ${EXPORTS_PER_DAY} exports a day. Please try again tomorrow.`,
            { retryAfterSeconds: 24 * 60 * 60 },
          );
        }
        await tx.repo.recordExport(userId, now);
        const data = await tx.repo.exportData(userId, user.email);
        return {
          exported_at: now.toISOString(),
          profile: {
            id: user.id,
            name: user.name,
            email: user.email ?? '',
            phone: user.phone,
            date_of_birth: user.dateOfBirth,
            gender: user.gender,
            avatar_url: user.avatarUrl,
            email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
            created_at: user.createdAt.toISOString(),
          },
          addresses: data.addresses.map(exported),
          orders: data.orders.map(({ order, items, events }) => ({
            order: exported(order),
            items: items.map(exported),
            events: events.map(exported),
          })),
          returns: data.returns.map(({ return: row, items, events }) => ({
            return: exported(row),
            items: items.map(exported),
            events: events.map(exported),
          })),
          reviews: data.reviews.map(({ review, productName }) =>
            exported({ ...review, productName }),
          ),
          wishlist: data.wishlist.map(({ item, productName }) =>
            exported({ ...item, productName }),
          ),
          devices: data.devices.map(({ sessionId: _session, ...device }) => exported(device)),
          loyalty_ledger: data.loyaltyLedger.map(exported),
          gift_cards_received: data.giftCardsReceived.map(exported),
          store_credit: data.storeCredit.map(exported),
          notification_preferences: {
            order_updates: data.preferences?.orderUpdates ?? true,
            wishlist_alerts: data.preferences?.wishlistAlerts ?? true,
            promotions: data.preferences?.promotions ?? false,
          },
        };
      });
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
