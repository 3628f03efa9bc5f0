import type { Clock } from '../../ports';
import { generateToken, hashToken } from '../../tokens';
import type { StaffRepository } from './staff.repository';
import type { UsersRepository } from './users.repository';

/** E-mail verification links are valid this long (docs/decisions.md). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Back-office invitation links are valid this long (issue 41). */
export const STAFF_INVITE_TTL_MS = 72 * 60 * 60 * 1000;

export interface LinkTokenDeps {
  users: Pick<UsersRepository, 'storeLinkToken'>;
  staff: Pick<StaffRepository, 'storeInviteToken'>;
  clock: Clock;
  config: { passwordResetTtlMinutes: number };
}

/**
 * The tokens of the links in reset and verification e-mails, minted by the mail job that sends
 * them, right before sending: only the hash is stored (keyed by the job), and the plain token
 * exists only in memory and in the e-mail. A retried job mints a new token that replaces its
 * previous one, so a job never leaves two live tokens and never sends one that is not stored.
 * Undefined when the job's earlier token was already used (nothing left to send).
 */
export function createLinkTokens(deps: LinkTokenDeps) {
  const { users, clock } = deps;

  async function mint(
    kind: 'reset' | 'verification' | 'invite',
    userId: number,
    mailJobId: string,
    ttlMs: number,
  ): Promise<string | undefined> {
    const token = generateToken();
    const expiresAt = new Date(clock.now().getTime() + ttlMs);
    const row = { userId, mailJobId, tokenHash: hashToken(token), expiresAt };
    const stored =
      kind === 'invite'
        ? await deps.staff.storeInviteToken(row)
        : await users.storeLinkToken(kind, row);
    return stored ? token : undefined;
  }

  return {
    reset: (userId: number, mailJobId: string) =>
      mint('reset', userId, mailJobId, deps.config.passwordResetTtlMinutes * 60_000),
    verification: (userId: number, mailJobId: string) =>
      mint('verification', userId, mailJobId, EMAIL_VERIFICATION_TTL_MS),
    invite: (userId: number, mailJobId: string) =>
      mint('invite', userId, mailJobId, STAFF_INVITE_TTL_MS),
  };
}

export type LinkTokens = ReturnType<typeof createLinkTokens>;
