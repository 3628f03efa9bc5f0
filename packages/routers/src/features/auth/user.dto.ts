import { toIso, toIsoOrNull } from '../../zod-helpers';
import type { UserDto } from './auth.schemas';
import type { UserRecord } from './users.repository';

export function toUserDto(user: UserRecord): UserDto {
  return {
    id: user.id,
    name: user.name,
    // The contract's field is a string: an account without an e-mail (phone sign-in) shows ''.
    email: user.email ?? '',
    phone: user.phone,
    avatar_url: user.avatarUrl,
    email_verified_at: toIsoOrNull(user.emailVerifiedAt),
    date_of_birth: user.dateOfBirth,
    gender: user.gender,
    created_at: toIso(user.createdAt),
  };
}

export function toLoginUserDto(user: UserRecord) {
  const { id, name, email, phone, avatar_url } = toUserDto(user);
  return { id, name, email, phone, avatar_url };
}
