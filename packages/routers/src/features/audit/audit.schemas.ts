import { z } from 'zod';
import { paginatedEnvelope } from '../../envelope';
import { pageQuery } from '../../pagination';
import { zDateTime } from '../../zod-helpers';

export const ZAuditEntry = z
  .object({
    id: z.number().int(),
    at: zDateTime(),
    actor_id: z.number().int().nullable().meta({ description: 'Null once the account is deleted' }),
    actor_email: z.string(),
    procedure: z.string().meta({ description: 'The admin procedure, e.g. orders.cancel' }),
    target_type: z.string().nullable().meta({ description: 'e.g. order, product, customer' }),
    target_id: z.string().nullable(),
    changes: z
      .record(z.string(), z.tuple([z.json(), z.json()]))
      .meta({ description: 'field → [before, after]; secrets and codes are "[redacted]"' }),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
  })
  .meta({ id: 'AuditEntry' });

export const ZAuditListInput = z.strictObject({
  actor_id: z.number().int().positive().optional(),
  target_type: z.string().min(1).max(60).optional(),
  target_id: z.string().min(1).max(120).optional(),
  from: zDateTime().optional(),
  to: zDateTime().optional(),
  ...pageQuery,
});
export const ZAuditListOutput = paginatedEnvelope(ZAuditEntry);
