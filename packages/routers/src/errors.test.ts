import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toErrorResponse } from './error-response';
import { AppError, ERROR_TABLE, validationError } from './errors';
import './zod-messages';

describe('toErrorResponse', () => {
  it('renders an AppError with its status, envelope and Retry-After', () => {
    const response = toErrorResponse(
      new AppError('RATE_LIMITED', 'Slow down.', { retryAfterSeconds: 12.2 }),
    );
    expect(response).toEqual({
      status: 429,
      headers: { 'Retry-After': '13' },
      body: { success: false, message: 'Slow down.', error_code: 'RATE_LIMITED' },
      unexpected: false,
    });
  });

  it('turns zod input failures into 422 with errors keyed by the dotted field path', () => {
    const schema = z.object({ items: z.array(z.object({ quantity: z.number().int().min(1) })) });
    const parsed = schema.safeParse({ items: [{ quantity: 0 }] });
    const error = new TRPCError({ code: 'BAD_REQUEST', cause: parsed.error });
    const response = toErrorResponse(error);
    expect(response.status).toBe(422);
    expect(response.body.error_code).toBe('VALIDATION_ERROR');
    expect(response.body.errors).toEqual({ 'items.0.quantity': ['Must be at least 1.'] });
  });

  it('keeps field errors of domain validation failures', () => {
    const response = toErrorResponse(validationError({ email: ['Taken.'] }));
    expect(response.body).toMatchObject({
      error_code: 'VALIDATION_ERROR',
      errors: { email: ['Taken.'] },
    });
  });

  it('answers 503 when the database is unreachable and 500 without internals otherwise', () => {
    const down = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      }),
    });
    expect(toErrorResponse(down).status).toBe(503);
    const bug = toErrorResponse(new Error('relation "x" does not exist at SELECT ...'));
    expect(bug.status).toBe(500);
    expect(bug.unexpected).toBe(true);
    expect(bug.body.message).not.toContain('relation');
  });

  it('maps every tRPC code raised by the adapter into the contract', () => {
    expect(toErrorResponse(new TRPCError({ code: 'PARSE_ERROR' })).body.error_code).toBe(
      'BAD_REQUEST',
    );
    expect(toErrorResponse(new TRPCError({ code: 'NOT_FOUND' })).status).toBe(404);
    expect(toErrorResponse(new TRPCError({ code: 'PAYLOAD_TOO_LARGE' })).status).toBe(413);
  });

  it('has one status per code, all in the 4xx/5xx range', () => {
    for (const entry of Object.values(ERROR_TABLE)) {
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.status).toBeLessThan(600);
    }
  });
});

describe('outside services', () => {
  it('a failed mail or storage dependency answers 503, not 500', async () => {
    const { DependencyUnavailableError } = await import('./errors');
    const failure = new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      cause: new DependencyUnavailableError('Resend refused the e-mail'),
    });
    const response = toErrorResponse(failure);
    expect(response.status).toBe(503);
    expect(response.body.error_code).toBe('SERVICE_UNAVAILABLE');
  });
});
