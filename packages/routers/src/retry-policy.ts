/**
 * How a queue retries a failed job: `retryLimit` more attempts with exponential backoff from
 * `retryDelaySeconds` (jittered, at most `retryDelayMaxSeconds` apart), then the job is kept as
 * failed for the admin (admin.jobs.failed / retry). An attempt running over 2 minutes counts as
 * failed. Each queue's owner gives its limits (mail.jobs.ts, refunds.ts).
 */
export function retryPolicy(retry: {
  retryDelaySeconds: number;
  retryLimit: number;
  retryDelayMaxSeconds: number;
}) {
  return {
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retry.retryDelayMaxSeconds,
    expireInSeconds: 120,
  };
}

/** What configuration may change about a queue's retries (JOB_RETRY_DELAY_SECONDS, JOB_RETRY_LIMIT). */
export interface RetryOverrides {
  retryDelaySeconds: number;
  /** Unset: the queue's own limit. */
  retryLimit?: number | undefined;
}
