import { randomBytes } from 'node:crypto';
import { AppError, validationError } from '../../errors';
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

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Recognised by decoding the content, never by file name or declared type. */
const AVATAR_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
/** Decoding stops past this many pixels (a 2 MB file can declare 16384×16384). */
export const AVATAR_MAX_INPUT_PIXELS = 25_000_000;
/** Every avatar is stored as a WebP of at most this many pixels a side. */
export const AVATAR_SIZE = 512;

const NOT_AN_IMAGE = 'The file must be a JPEG, PNG, WebP or GIF image.';

/**
 * Decodes the upload with sharp (libvips) and encodes a new WebP: only pixels survive, so
 * metadata (EXIF location), appended payloads and polyglot tricks do not, and the stored file
 * is bounded (512×512). Replaces a hand-written walk of each format's structure, which let a
 * VP8L WebP declaring 16384×16384 and a "JPEG" without a frame header through.
 */
async function reencodeAvatar(bytes: Uint8Array): Promise<Buffer> {
  // Loaded on the first upload: libvips adds ~20 MB to every process (docs/performance.md).
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const { format, width = 0, height = 0 } = await image.metadata();
    if (!format || !AVATAR_FORMATS.has(format)) throw validationError({ avatar: [NOT_AN_IMAGE] });
    if (width * height > AVATAR_MAX_INPUT_PIXELS) {
      throw validationError({ avatar: ['The image has too many pixels.'] });
    }
    return await image
      .rotate() // applies the EXIF orientation before the metadata is dropped
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    // libvips could not decode it: not an image, truncated, or over the pixel limit.
    const tooLarge = /pixel limit/i.test(String((error as Error).message));
    throw validationError({
      avatar: [tooLarge ? 'The image has too many pixels.' : NOT_AN_IMAGE],
    });
  }
}

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
      if (!bytes || bytes.length === 0) {
        throw validationError({ avatar: ['Choose an image to upload.'] });
      }
      if (bytes.length > AVATAR_MAX_BYTES) {
        throw validationError({ avatar: ['The image must be at most 2 MB.'] });
      }
      await requireUser(userId);
      await consumeOrRefuse(
        avatarLimiter,
        String(userId),
        'Too many avatar uploads. Please try again later.',
      );
      const webp = await reencodeAvatar(bytes);
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
