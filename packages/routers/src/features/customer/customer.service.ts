import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors';
import { assertImageSize, IMAGE_UPLOAD_MAX_BYTES, reencodeImage } from '../../image-upload';
import { metaFor, type PageRequest, pageOffset } from '../../pagination';
import type { Clock, FileStorage, RateLimiter } from '../../ports';
import { consumeOrRefuse } from '../../rate-limit';
import type { InTransaction } from '../../transactions';
import { toIsoOrNull } from '../../zod-helpers';
import {
  type ProfileChanges,
  type ProfileInput,
  toUserDto,
  type UserRecord,
  type UsersRepository,
} from '../auth';
import { blockKeepingAnOwner } from './last-owner';

export const AVATAR_MAX_BYTES = IMAGE_UPLOAD_MAX_BYTES;
/** Every avatar is stored as a WebP of at most this many pixels a side. */
export const AVATAR_SIZE = 512;

export interface CustomerServiceDeps {
  users: UsersRepository;
  /** Blocking runs in a transaction: it must not block the last active Owner. */
  inTransaction: InTransaction<UsersRepository>;
  avatarStorage: FileStorage;
  /** Uploads per customer: each one costs a decode and an encode. */
  avatarLimiter: RateLimiter;
  revokeAllSessions: (userId: number) => Promise<void>;
  clock: Clock;
  /** A previous avatar that could not be deleted (the upload itself succeeded). */
  reportBackgroundError?: (error: unknown) => void;
}

export function toAdminCustomerDto(user: UserRecord) {
  return {
    ...toUserDto(user),
    role: user.role,
    blocked_at: toIsoOrNull(user.blockedAt),
    sign_in_methods: [
      ...(user.passwordHash !== null ? (['password'] as const) : []),
      ...(user.phoneVerifiedAt !== null ? (['phone'] as const) : []),
      ...user.socialProviders,
    ],
    deleted_at: toIsoOrNull(user.deletedAt),
  };
}

export function createCustomerService({
  users,
  inTransaction,
  avatarStorage,
  avatarLimiter,
  revokeAllSessions,
  clock,
  reportBackgroundError,
}: CustomerServiceDeps) {
  /** Deletes a stored file; a failure is reported, never the request's (the upload stands). */
  const discard = (url: string) =>
    avatarStorage.delete(url).catch(reportBackgroundError ?? (() => {}));

  async function requireUser(userId: number) {
    const user = await users.findById(userId);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return user;
  }

  return {
    async profile(userId: number) {
      return toUserDto(await requireUser(userId));
    },

    async updateProfile(userId: number, input: ProfileInput) {
      const changes: ProfileChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.date_of_birth !== undefined) changes.dateOfBirth = input.date_of_birth;
      if (input.gender !== undefined) changes.gender = input.gender;
      const updated = await users.updateProfile(userId, changes);
      if (!updated) throw new AppError('UNAUTHENTICATED');
      return toUserDto(updated);
    },

    /** `bytes` is undefined when the multipart field was missing. */
    async uploadAvatar(userId: number, bytes: Uint8Array | undefined) {
      assertImageSize(bytes, 'avatar');
      await requireUser(userId);
      await consumeOrRefuse(
        avatarLimiter,
        String(userId),
        'Too many avatar uploads. Please try again later.',
      );
      const webp = await reencodeImage(bytes, { maxSide: AVATAR_SIZE, field: 'avatar' });
      const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.webp`;
      const stored = await avatarStorage.save({ key, bytes: webp, contentType: 'image/webp' });
      // The previous URL is read under the row's lock, not before the upload: racing uploads
      // each replace a different file (they once deleted the same one and left 5–19 behind).
      const replaced = await inTransaction((tx) => tx.replaceAvatarUrl(userId, stored.url)).catch(
        async (error: unknown) => {
          await discard(stored.url);
          throw error;
        },
      );
      if (replaced === undefined) {
        await discard(stored.url);
        throw new AppError('UNAUTHENTICATED');
      }
      // The replaced file goes: 200 uploads of 2 MB once left 400 MB behind.
      if (replaced && replaced !== stored.url) await discard(replaced);
      return { avatar_url: stored.url };
    },

    async adminList(request: PageRequest & { search?: string | undefined }) {
      const { rows, total } = await users.list({ ...pageOffset(request), search: request.search });
      return { items: rows.map(toAdminCustomerDto), meta: metaFor(request, total) };
    },

    async adminGet(userId: number) {
      const user = await users.findById(userId);
      if (!user) throw new AppError('NOT_FOUND', 'Customer not found.');
      return toAdminCustomerDto(user);
    },

    /**
     * Blocking revokes every session at once: the customer's tokens stop working. An admin's
     * account is an account too: blocking the last active Owner answers 422 (last-owner.ts).
     */
    async setBlocked(userId: number, blocked: boolean) {
      const user = blocked
        ? await inTransaction((tx) => blockKeepingAnOwner(tx, userId, clock.now()))
        : await users.setBlockedAt(userId, null);
      if (!user) throw new AppError('NOT_FOUND', 'Customer not found.');
      if (blocked) await revokeAllSessions(userId);
      return toAdminCustomerDto(user);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
