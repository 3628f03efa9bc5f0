import type { Executor } from '@storefront/db/client';
import type { BusinessMetrics, Clock, PushSender } from '../../ports';
import type { UnitOfWorkFactory } from '../../transactions';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService, type NotificationsConfig } from './notifications.service';
import type { PushJobs } from './push.jobs';

/** Devices, preferences and pushes: the `notifications` entry of AppServices. */
export function createNotificationsSlice(deps: {
  db: Executor;
  unitOfWork: UnitOfWorkFactory;
  jobs: PushJobs;
  sender: PushSender;
  metrics: BusinessMetrics;
  clock: Clock;
  config: NotificationsConfig;
}) {
  const { db, unitOfWork, ...rest } = deps;
  return createNotificationsService({
    ...rest,
    repo: createNotificationsRepository(db),
    inTransaction: unitOfWork((executor) => ({
      repo: createNotificationsRepository(executor),
    })).inTransaction,
  });
}

export type NotificationsSlice = ReturnType<typeof createNotificationsSlice>;
