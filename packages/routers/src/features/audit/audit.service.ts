import type { Executor } from '@storefront/db/client';
import type { PageRequest } from '../../pagination';
import { metaFor, pageOffset } from '../../pagination';
import type { Clock } from '../../ports';
import { type AuditChanges, changesOf } from './audit.changes';
import {
  type AuditEntry,
  type AuditFilter,
  type AuditRepository,
  createAuditRepository,
} from './audit.repository';
import { type AuditMeta, auditTarget } from './audit.target';

/** The target's fields before a change, for the `before` half of `changes`. */
export type SnapshotReader = (id: string) => Promise<Record<string, unknown> | undefined>;

export interface AuditServiceDeps {
  repo: AuditRepository;
  clock: Clock;
  /** Days rows are kept (AUDIT_RETENTION_DAYS, default 365). */
  retentionDays: number;
  /** Per target type (order, product, customer): its admin view before the change. */
  snapshots: Partial<Record<string, SnapshotReader>>;
}

export type AuditListInput = AuditFilter & PageRequest;

export function createAuditService(deps: AuditServiceDeps) {
  const { repo, clock } = deps;
  return {
    async list(input: AuditListInput) {
      const { rows, total } = await repo.list(input, pageOffset(input));
      return {
        items: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor_id: row.actorId,
          actor_email: row.actorEmail,
          procedure: row.procedure,
          target_type: row.targetType,
          target_id: row.targetId,
          changes: row.changes as AuditChanges,
          ip: row.ip,
          request_id: row.requestId,
        })),
        meta: metaFor(input, total),
      };
    },
    /** Drops rows older than the retention (the daily job); how many went. */
    purge(): Promise<number> {
      const day = 24 * 60 * 60 * 1000;
      return repo.deleteOlderThan(new Date(clock.now().getTime() - deps.retentionDays * day));
    },
    /**
     * The row of an admin mutation about to run: its target from meta or path and input, its
     * changes from the input and, where the type has a reader, a snapshot of the target.
     */
    async prepare(call: {
      path: string;
      meta: AuditMeta | undefined;
      input: unknown;
      actorId: number;
      /** Copied into the row: the row outlives the account. */
      actorEmail: string | null;
      ip: string;
      requestId: string;
    }): Promise<AuditEntry> {
      const target = auditTarget(call.path, call.meta, call.input);
      const read = target.id === null ? undefined : deps.snapshots[target.type];
      // A failed read (unknown id, malformed input) leaves `before` empty, never fails the call.
      const before =
        read && target.id !== null ? await read(target.id).catch(() => undefined) : undefined;
      return {
        actorId: call.actorId,
        actorEmail: call.actorEmail ?? `user ${call.actorId}`,
        procedure: call.path.replace(/^admin\./, ''),
        targetType: target.type,
        targetId: target.id,
        changes: changesOf(call.input, target.idField, before),
        ip: call.ip || null,
        requestId: call.requestId || null,
      };
    },
    /** Inside the mutation's transaction, with its executor (audit-context.ts). */
    insertWith: (executor: Executor, entry: AuditEntry) =>
      createAuditRepository(executor).insert(entry),
    /** A mutation that ran no transaction: its row after success. */
    record: (entry: AuditEntry) => repo.insert(entry),
    setTarget: (rowId: number, targetId: string) => repo.setTarget(rowId, targetId),
    /** A mutation that failed after a transaction wrote its row: a failed call keeps none. */
    async forget(rowId: number): Promise<void> {
      await repo.deleteRow(rowId);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
