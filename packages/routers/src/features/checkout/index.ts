// The checkout slice's public surface (other slices import only this file).
export type { IdempotencyClaim } from './idempotency';
export type { IdempotencyRepository } from './idempotency.repository';
