import type { UserRole } from '@storefront/db/schema';
import { AppError, validationError } from '../../errors';
import type { Clock, RateLimiter } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import { hashToken } from '../../tokens';
import type { InTransaction } from '../../transactions';
import type { GuestRepository, MergeGuestStep } from './guest.repository';

export type { MergeGuestStep };

import type { AuthenticatedSession, IssuedToken, SessionOptions, SessionStore } from './sessions';
import type { SessionsRepository } from './sessions.repository';

/** A sign-in's session and its guest merge, written in one transaction. */
export interface GuestSignInRepositories {
  guest: GuestRepository;
  sessions: SessionsRepository;
}

export interface GuestServiceDeps {
  repo: GuestRepository;
  signInTransaction: InTransaction<GuestSignInRepositories>;
  sessions: SessionStore;
  /** The per-IP limit of register (a guest is a cheap account to mint). */
  perIp: RateLimiter;
  clock: Clock;
  /** Days an abandoned guest (sessions ended, no order) is kept (GUEST_RETENTION_DAYS). */
  retentionDays: number;
  /** Which of these users have an order (the orders slice's read): those guests are kept. */
  usersWithOrders(userIds: readonly number[]): Promise<Set<number>>;
}

/** The daily job that deletes abandoned guests (GUEST_RETENTION_DAYS). */
export const GUEST_RETENTION_QUEUE = 'guest-retention';

const STOLEN_OR_USED = 'This guest session has ended or was already merged.';

export function createGuestService(deps: GuestServiceDeps) {
  const { repo, sessions, clock } = deps;

  /**
   * Moves the guest's cart lines (quantities added, capped by stock; its coupon kept when the
   * account's cart has none) and its orders to the account, and ends the guest, in the caller's
   * transaction. The guest session is claimed first by deleting it, so of racing merges of one
   * token exactly one does anything; the others (and any later use of the token) get 401.
   */
  async function mergeIn(
    tx: GuestRepository,
    guestToken: string | undefined,
    accountId: number,
  ): Promise<void> {
    if (guestToken === undefined) return;
    const guestId = await tx.claimGuestSession(hashToken(guestToken), clock.now());
    if (guestId === undefined || guestId === accountId) {
      throw new AppError('UNAUTHENTICATED', STOLEN_OR_USED);
    }
    // The guest's row before its cart (the cart's merge step), in the order place-order locks
    // them (no deadlock with a guest's order being placed).
    await tx.lockGuest(guestId);
    await tx.mergeOwnedAndDelete(guestId, accountId);
  }

  return {
    /** A new guest and its session (the long lifetime: 30 days by default). */
    async start(origin: { ip: string }): Promise<IssuedToken & { user: null }> {
      await consumeOrRefuse(deps.perIp, origin.ip);
      const guestId = await repo.insertGuest();
      const token = await sessions.issue(guestId, { rememberMe: true, deviceName: null });
      return { ...token, user: null };
    },

    /** 401 unless `guestToken` is a live guest session (checked before an account is made). */
    async assertMergeable(guestToken: string | undefined): Promise<void> {
      if (guestToken === undefined) return;
      if (!(await repo.isGuestSession(hashToken(guestToken), clock.now()))) {
        throw new AppError('UNAUTHENTICATED', STOLEN_OR_USED);
      }
    },

    /**
     * A session for the account with the guest (if any) merged in the same transaction: a merge
     * that fails (a token lost to a racing merge: 401) issues no session, and a session refused
     * (the password changed meanwhile) merges nothing. `passwordHash` as in `sessions.issue`. An
     * admin account merges no guest (guest_token is ignored; the guest keeps its session).
     */
    async signIn(
      account: { id: number; role: UserRole },
      guestToken: string | undefined,
      options: SessionOptions,
      passwordHash?: string,
    ): Promise<IssuedToken> {
      // A guest's orders and cart never become an admin's: the admin signs in, the guest stays.
      if (guestToken === undefined || account.role === 'admin') {
        return sessions.issue(account.id, options, passwordHash);
      }
      return deps.signInTransaction(async (tx) => {
        const token = await sessions.issueIn(tx.sessions, account.id, options, passwordHash);
        await mergeIn(tx.guest, guestToken, account.id);
        return token;
      });
    },

    /** `merge` inside the caller's transaction (register: the account and the merge commit together). */
    mergeIn,

    /**
     * The daily clean-up: deletes guests whose sessions all ended at least `retentionDays` ago
     * and that never ordered; answers their ids. A guest with orders keeps its row.
     */
    async purgeAbandoned(): Promise<number[]> {
      const day = 24 * 60 * 60 * 1000;
      const cutoff = new Date(clock.now().getTime() - deps.retentionDays * day);
      // Orders keep their guest (the row is referenced); an abandoned guest cannot order meanwhile.
      const candidates = await repo.abandonedGuestIds(cutoff);
      const ordered = await deps.usersWithOrders(candidates);
      return repo.deleteAbandonedGuests(
        candidates.filter((id) => !ordered.has(id)),
        cutoff,
      );
    },

    /** A guest's checkout must carry an e-mail: it is where the order's e-mails go. */
    requireCheckoutEmail(session: AuthenticatedSession, address: object): void {
      if (session.user.role !== 'guest') return;
      const email = (address as { email?: unknown }).email;
      if (typeof email !== 'string' || email.trim() === '') {
        throw validationError({ email: ['An e-mail is required to check out as a guest.'] });
      }
    },
  };
}

export type GuestService = ReturnType<typeof createGuestService>;
