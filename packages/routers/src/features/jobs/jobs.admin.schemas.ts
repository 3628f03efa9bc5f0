import { z } from 'zod';
import { paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zDateTime } from '../../zod-helpers';

export const ZFailedJob = z
  .object({
    id: z.string(),
    queue: z.string(),
    kind: z.string().nullable().meta({ description: 'What the job does, e.g. order-placed' }),
    order_id: z.number().int().nullable(),
    user_id: z.number().int().nullable(),
    retry_count: z.number().int(),
    error: z.string().nullable().meta({ description: 'The last attempt’s error' }),
    created_at: zDateTime(),
    failed_at: zDateTime().nullable(),
  })
  .meta({ id: 'FailedJob' });
export const ZFailedJobListInput = z.object({ ...pageQuery });
export const ZFailedJobListOutput = paginatedEnvelope(ZFailedJob);
export const ZJobIdInput = z.object({ id: z.uuid() });
