import type { Executor } from '@storefront/db/client';
import { auditLog } from '@storefront/db/schema';
import { and, count, desc, eq, gte, lt, lte, type SQL } from 'drizzle-orm';
import type { AuditChanges } from './audit.changes';

/** What one admin mutation leaves in the log (docs/admin-panel.md "Audit log"). */
export interface AuditEntry {
  actorId: number;
  actorEmail: string;
  procedure: string;
  targetType: string | null;
  targetId: string | null;
  changes: AuditChanges;
  ip: string | null;
  requestId: string | null;
}

export type AuditRow = typeof auditLog.$inferSelect;

export interface AuditFilter {
  actorId?: number;
  targetType?: string;
  targetId?: string;
  from?: Date;
  to?: Date;
}

export function createAuditRepository(db: Executor) {
  return {
    async insert(entry: AuditEntry): Promise<number> {
      const [row] = await db.insert(auditLog).values(entry).returning({ id: auditLog.id });
      if (!row) throw new Error('audit_log insert returned no row');
      return row.id;
    },

    /** A creation's id is known only from its answer, after the row was written. */
    async setTarget(id: number, targetId: string): Promise<void> {
      await db.update(auditLog).set({ targetId }).where(eq(auditLog.id, id));
    },

    async deleteRow(id: number): Promise<void> {
      await db.delete(auditLog).where(eq(auditLog.id, id));
    },

    /** Newest first. */
    async list(
      filter: AuditFilter,
      window: { offset: number; limit: number },
    ): Promise<{ rows: AuditRow[]; total: number }> {
      const conditions: SQL[] = [];
      if (filter.actorId !== undefined) conditions.push(eq(auditLog.actorId, filter.actorId));
      if (filter.targetType !== undefined) {
        conditions.push(eq(auditLog.targetType, filter.targetType));
      }
      if (filter.targetId !== undefined) conditions.push(eq(auditLog.targetId, filter.targetId));
      if (filter.from !== undefined) conditions.push(gte(auditLog.at, filter.from));
      if (filter.to !== undefined) conditions.push(lte(auditLog.at, filter.to));
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .offset(window.offset)
          .limit(window.limit),
        db.select({ total: count() }).from(auditLog).where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** Rows older than the retention (the daily job); how many went. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const gone = await db
        .delete(auditLog)
        .where(lt(auditLog.at, cutoff))
        .returning({ id: auditLog.id });
      return gone.length;
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
