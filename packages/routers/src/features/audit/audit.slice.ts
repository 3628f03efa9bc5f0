import type { Executor } from '@storefront/db/client';
import type { Clock } from '../../ports';
import { createAuditRepository } from './audit.repository';
import { createAuditService, type SnapshotReader } from './audit.service';

/** The daily job that drops rows older than AUDIT_RETENTION_DAYS. */
export const AUDIT_RETENTION_QUEUE = 'audit-log-retention';

/** The admin audit log (issue 41): its rows, their list, their retention. */
export function createAuditSlice(deps: {
  db: Executor;
  clock: Clock;
  retentionDays: number;
  snapshots: Partial<Record<string, SnapshotReader>>;
}) {
  return createAuditService({ ...deps, repo: createAuditRepository(deps.db) });
}
