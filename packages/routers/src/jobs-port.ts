import type { JobOptions } from './ports';

/**
 * Anything that can enqueue a durable job inside the caller's transaction (the jobs repository
 * bound to it): e-mails, pushes, payments' follow-ups. A job is committed with the write it
 * belongs to, or not at all.
 */
export interface JobPort {
  enqueue(queue: string, data: object, options?: JobOptions): Promise<void>;
}
