/** The auth slice's public surface: what other slices and the app may use (docs/architecture.md). */

export {
  accountEmailOf,
  accountEmails,
  accountNameOf,
  accountNames,
  emptyAccountRow,
  eraseCredentials,
  lockAccount,
  lockBuyer,
  userIdsWithEmailLike,
} from './account-data.repository';
export { authRouter } from './auth.router';
export { email, newPassword, type ProfileInput, ZAvatarOutput, ZUser } from './auth.schemas';
export type { AuthService } from './auth.service';
export { createAuthSlice } from './auth.slice';
export type { MergeGuestStep } from './guest.service';
export { GUEST_RETENTION_QUEUE } from './guest.service';
export type { LinkTokens } from './link-tokens';
export { SMS_QUEUE, type SmsJob } from './otp.service';
export {
  createArgon2Hasher,
  createPasswordAttempts,
  type PasswordAttempts,
  type PasswordHasher,
} from './passwords';
export { readProfileProcedure, updateProfileProcedure } from './profile.procedures';
export type { AuthenticatedSession, SessionStore } from './sessions';
export { ZPhoneCodeInput, ZPhoneVerifiedOutput, ZPhoneVerifyInput } from './sign-in.schemas';
export type { GuestOwnership, SignInConfig, SignInSlice } from './sign-in.slice';
export {
  createStaffRepository,
  lockActiveOwnerIds,
  type RoleChanges,
  type StaffMemberRecord,
  type StaffRepository,
  type StaffRoleRecord,
  type StaffRoleWithMembers,
} from './staff.repository';
export { toUserDto } from './user.dto';
export {
  createUsersRepository,
  type ProfileChanges,
  type UserRecord,
  type UsersRepository,
} from './users.repository';
