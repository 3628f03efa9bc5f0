import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock, PushSender } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createNotificationsRepository, type NotificationReads } from './notifications.repository';
import { createNotificationsService, type NotificationsConfig } from './notifications.service';
import type { PushJobs } from './push.jobs';

/** Devices, preferences and pushes: the `notifications` entry of AppServices. */
export function createNotificationsSlice(deps: {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  jobs: (executor: Executor) => PushJobs;
  sender: PushSender;
  metrics: BusinessMetrics;
  clock: Clock;
  config: NotificationsConfig;
  reads: NotificationReads;
}) {
  const { db, unitOfWork, jobs, reads, ...rest } = deps;
  return createNotificationsService({
    ...rest,
    jobs: jobs(db),
    repo: createNotificationsRepository(db, reads),
    inTransaction: unitOfWork((executor) => ({
      repo: createNotificationsRepository(executor, reads),
      jobs: jobs(executor),
    })).inTransaction,
  });
}

export type NotificationsSlice = ReturnType<typeof createNotificationsSlice>;
