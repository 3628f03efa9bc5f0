import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import { createSyncRepository } from './sync.repository';
import { createSyncService } from './sync.service';

/** The sync slice: the app's heartbeat and the connection status the admin panel shows. */
export function createSyncSlice(deps: {
  db: Executor;
  clock: Clock;
  reportBackgroundError?: ((error: unknown) => void) | undefined;
}) {
  return createSyncService({
    repo: createSyncRepository(deps.db),
    clock: deps.clock,
    ...(deps.reportBackgroundError ? { onBackgroundError: deps.reportBackgroundError } : {}),
  });
}
