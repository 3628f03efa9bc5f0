/** The dashboard slice's public surface: what other slices and the app may use (docs/architecture.md). */
export { dashboardAdminRouter } from './dashboard.admin.router';
export type { DashboardService } from './dashboard.service';
export { createDashboardSlice } from './dashboard.slice';
