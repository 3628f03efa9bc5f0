/** The customer slice's public surface: what other slices and the app may use (docs/architecture.md). */
export { type AdminsService, provisionAdmin } from './admins.service';
export { avatarUploadOperation, avatarUploadPath } from './avatar.openapi';
export { adminsAdminRouter, customerAdminRouter } from './customer.admin.router';
export { customerRouter } from './customer.router';
export { AVATAR_MAX_BYTES, type CustomerService } from './customer.service';
export { createCustomerSlice } from './customer.slice';
export {
  meProcedure,
  rolesAdminRouter,
  staffAdminRouter,
  staffRouter,
} from './staff.admin.router';
export type { StaffAccess, StaffService } from './staff.service';
