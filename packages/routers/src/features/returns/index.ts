/** The returns slice's public surface (docs/architecture.md): orders never import it. */

export { exportReturns, mergeGuestReturns } from './account-data.repository';
export { returnSettingsAdminRouter, returnsAdminRouter } from './returns.admin.router';
export { returnsAwaitingDecision } from './returns.repository';
export { returnsRouter } from './returns.router';
export { createReturnsSlice, type ReturnsSlice } from './returns.slice';
