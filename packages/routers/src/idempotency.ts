import { createHash } from 'node:crypto';
import { AppError, validationError } from './errors';
import type { IdempotencyRepository } from './idempotency.repository';
import type { Clock } from './ports';

/** The longest Idempotency-Key accepted (the column's width). */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** An in-flight key older than this belongs to a request that died; it may be taken over. */
const IDEMPOTENCY_STALE_MS = 60 * 1000;

/**
 * A claimed Idempotency-Key, handed to the procedure by the idempotency middleware (trpc.ts,
 * meta `idempotent`). `replay` is the first answer when the key was already used for this very
 * request; otherwise the procedure records its answer with `record`, inside the transaction of
 * the write it answers for, so an answer exists exactly when the write committed.
 */
export interface IdempotencyClaim {
  replay: unknown;
  record(
    tx: { idempotency: IdempotencyRepository },
    status: number,
    response: unknown,
  ): Promise<void>;
}

/** The body's JSON with keys sorted: the same request hashes the same whatever the key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Idempotency-Keys (docs/contract.md): the same key from the same customer within 24 h answers
 * the first response again; a key in flight or sent with a different body is a 409; a failed
 * attempt frees its key.
 */
export function createIdempotencyService(deps: { repo: IdempotencyRepository; clock: Clock }) {
  const { repo, clock } = deps;
  return {
    async claim(userId: number, key: string, input: unknown): Promise<IdempotencyClaim> {
      if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw validationError({
          'Idempotency-Key': [`Must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`],
        });
      }
      const requestHash = createHash('sha256').update(canonicalJson(input)).digest('hex');
      const now = clock.now().getTime();
      const claim = await repo.claim({
        userId,
        key,
        requestHash,
        expiredBefore: new Date(now - IDEMPOTENCY_TTL_MS),
        staleBefore: new Date(now - IDEMPOTENCY_STALE_MS),
      });
      const record: IdempotencyClaim['record'] = (tx, status, response) =>
        tx.idempotency.complete(userId, key, status, response);
      if (claim.claimed) return { replay: undefined, record };
      const { existing } = claim;
      if (existing.requestHash !== requestHash) {
        throw new AppError(
          'IDEMPOTENCY_CONFLICT',
          'This Idempotency-Key was already used with a different request.',
        );
      }
      if (existing.state !== 'done') {
        throw new AppError(
          'IDEMPOTENCY_CONFLICT',
          'A request with this Idempotency-Key is still being processed.',
        );
      }
      return { replay: existing.response, record };
    },

    /** A failed request frees its key, so the client can retry the same key after fixing things. */
    release: (userId: number, key: string) => repo.release(userId, key),
  };
}

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;
