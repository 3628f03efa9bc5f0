import type { Executor } from '@storefront/db/client';
import { createDashboardRepository } from './dashboard.repository';
import { createDashboardService } from './dashboard.service';

type DashboardDeps = Omit<Parameters<typeof createDashboardService>[0], 'repo'>;

/** The dashboard slice: the admin panel's figures. */
export function createDashboardSlice(deps: DashboardDeps & { db: Executor }) {
  const { db, ...rest } = deps;
  return createDashboardService({ repo: createDashboardRepository(db), ...rest });
}
