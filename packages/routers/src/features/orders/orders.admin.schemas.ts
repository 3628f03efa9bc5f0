import { z } from 'zod';
import { zId } from '../../zod-helpers';

export const ZAdminShipInput = z.object({
  id: zId(),
  carrier: z.string().trim().min(1).max(100),
  tracking_number: z.string().trim().min(1).max(100),
  tracking_url: z.string().trim().url().max(500).nullable().optional(),
});
