import { adminProcedure, router } from '../../trpc';
import { ZSyncStatus } from './sync.schemas';

/** admin.sync (/trpc only): the mobile app's connection as the admin panel shows it. */
export const syncAdminRouter = router({
  status: adminProcedure('jobs:manage')
    .output(ZSyncStatus)
    .query(({ ctx }) => ctx.services.sync.connection.status()),
});
