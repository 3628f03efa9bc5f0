import { AsyncLocalStorage } from 'node:async_hooks';
import type { Executor } from '@storefront/db/client';
import type { Context } from './context';
import type { AuditEntry, AuditMeta } from './features/audit';

/*
 * Async context between the admin procedures' middleware and the unit of work's transactions
 * (docs/admin-panel.md "Audit log"). It lives at the package's root and imports the audit slice
 * only for types: trpc.ts and transactions.ts call it, and the slice's router imports trpc.ts.
 */

/** The row one admin mutation is writing, shared by its transactions. */
interface PendingAudit {
  entry: AuditEntry;
  /** open: no row yet; writing/written: a transaction holds it; closed: the mutation ended. */
  state: 'open' | 'writing' | 'written' | 'closed';
  rowId?: number;
  insertWith: (executor: Executor, entry: AuditEntry) => Promise<number>;
}

const pending = new AsyncLocalStorage<PendingAudit>();

type Recorder = <R>(executor: Executor, result: R) => Promise<R>;
const passThrough: Recorder = async (_executor, result) => result;

/**
 * Every unit of work's transaction runs through here (transactions.ts): inside an admin
 * mutation, the first transaction to succeed writes the row with its own executor, so the row
 * commits or rolls back with the change.
 */
export async function auditedTransaction<T>(run: (record: Recorder) => Promise<T>): Promise<T> {
  const audit = pending.getStore();
  if (audit?.state !== 'open') return run(passThrough);
  let claimed = false;
  try {
    const committed = await run(async (executor, result) => {
      if (audit.state !== 'open') return result;
      claimed = true;
      audit.state = 'writing';
      audit.rowId = await audit.insertWith(executor, audit.entry);
      return result;
    });
    if (claimed) audit.state = 'written';
    return committed;
  } catch (error) {
    // The row went with the rolled-back transaction: a later one (or the middleware) writes it.
    if (claimed) Object.assign(audit, { state: 'open', rowId: undefined });
    throw error;
  }
}

interface MutationCall<R> {
  ctx: Context;
  /** Who calls: their id and e-mail (read with their role, trpc.ts). */
  actor: { id: number; email: string | null };
  meta: { audit?: AuditMeta } | undefined;
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  getRawInput: () => Promise<unknown>;
  next: () => Promise<R>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object';

/**
 * The admin procedures' middleware (trpc.ts `staffMember`): a mutation runs with its pending
 * row in async context; one that ran no transaction gets its row here after success, a
 * creation its target id from the answer, and a failed one keeps no row.
 */
export async function auditedMutation<R extends { ok: boolean }>(call: MutationCall<R>) {
  const { ctx, type, next } = call;
  if (type !== 'mutation') return next();
  const audit = ctx.services.audit;
  const entry = await audit.prepare({
    path: call.path,
    meta: call.meta?.audit,
    input: await call.getRawInput(),
    actorId: call.actor.id,
    actorEmail: call.actor.email,
    ip: ctx.request.ip,
    requestId: ctx.request.id,
  });
  const row: PendingAudit = { state: 'open', entry, insertWith: audit.insertWith };
  const result = await pending.run(row, next);
  const rowId = row.rowId;
  row.state = 'closed';
  if (!result.ok) {
    if (rowId !== undefined) await audit.forget(rowId);
    return result;
  }
  const answered = (result as { data?: unknown }).data;
  const answeredId = isRecord(answered) && isRecord(answered.data) ? answered.data.id : undefined;
  const targetId =
    entry.targetId ??
    (typeof answeredId === 'number' || typeof answeredId === 'string' ? String(answeredId) : null);
  if (rowId === undefined) await audit.record({ ...entry, targetId });
  else if (targetId !== entry.targetId && targetId !== null) {
    await audit.setTarget(rowId, targetId);
  }
  return result;
}
