import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { AppError, validationError } from '../../errors';
import { metaFor, type PageRequest, pageOffset } from '../../pagination';
import type { Clock, FileStorage } from '../../ports';
import { toIsoOrNull } from '../../zod-helpers';
import type { ProfileInput } from '../auth/auth.schemas';
import { toUserDto } from '../auth/user.dto';
import type { ProfileChanges, UserRecord, UsersRepository } from '../auth/users.repository';
import { checkImageStructure } from './image-structure';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** Recognised by content (magic bytes), never by file name or declared type. */
const AVATAR_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

export interface CustomerServiceDeps {
  users: UsersRepository;
  avatarStorage: FileStorage;
  revokeAllSessions: (userId: number) => Promise<void>;
  clock: Clock;
}

export function toAdminCustomerDto(user: UserRecord) {
  return { ...toUserDto(user), role: user.role, blocked_at: toIsoOrNull(user.blockedAt) };
}

export function createCustomerService({
  users,
  avatarStorage,
  revokeAllSessions,
  clock,
}: CustomerServiceDeps) {
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
      const detected = await fileTypeFromBuffer(bytes);
      if (!detected || !AVATAR_TYPES.has(detected.mime)) {
        throw validationError({ avatar: ['The file must be a JPEG, PNG, WebP or GIF image.'] });
      }
      const structure = checkImageStructure(bytes, detected.mime);
      if (!structure.ok) {
        throw validationError({
          avatar: [
            structure.reason === 'too_large'
              ? 'The image has too many pixels.'
              : 'The file must be a complete JPEG, PNG, WebP or GIF image, with nothing appended.',
          ],
        });
      }
      await requireUser(userId);
      const key = `avatars/${userId}-${randomBytes(8).toString('hex')}.${detected.ext}`;
      const stored = await avatarStorage.save({ key, bytes, contentType: detected.mime });
      await users.setAvatarUrl(userId, stored.url);
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

    /** Blocking revokes every session at once: the customer's tokens stop working. */
    async setBlocked(userId: number, blocked: boolean) {
      const user = await users.setBlockedAt(userId, blocked ? clock.now() : null);
      if (!user) throw new AppError('NOT_FOUND', 'Customer not found.');
      if (blocked) await revokeAllSessions(userId);
      return toAdminCustomerDto(user);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
