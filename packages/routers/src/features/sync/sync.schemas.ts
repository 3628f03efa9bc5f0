import { z } from 'zod';
import { bodyBoolean } from '../../zod-helpers';

/** Spec 2.13 shows these two datetimes without an offset; they are UTC. */
const naiveUtc = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/)
    .meta({ example: '2026-11-22T20:17:00' });

export const SYNC_WINDOW_SECONDS = 120;

export const ZSyncStatus = z
  .object({
    connected: z
      .boolean()
      .meta({ description: `A heartbeat arrived within ${SYNC_WINDOW_SECONDS} s` }),
    sync_enabled: z.boolean(),
    last_sync_at: naiveUtc()
      .nullable()
      .meta({ description: 'UTC, no offset; null before any sync' }),
    last_status: z.string(),
    last_message: z.string(),
    last_checked_at: naiveUtc().meta({
      description: 'UTC, no offset: when this status was computed',
    }),
  })
  .meta({ id: 'SyncStatus', description: 'Bare object, no envelope (docs/contract.md §4).' });
export type SyncStatus = z.infer<typeof ZSyncStatus>;

export const ZHeartbeatInput = z.object({
  connected: bodyBoolean(),
  sync_enabled: bodyBoolean().optional(),
  last_status: z.string().trim().max(50).optional(),
  last_message: z.string().trim().max(500).optional(),
  last_sync_at: z.iso.datetime({ offset: true, local: true }).optional(),
});
export type HeartbeatInput = z.infer<typeof ZHeartbeatInput>;

export const ZHeartbeatOutput = z
  .object({ success: z.literal(true) })
  .meta({ id: 'HeartbeatResult' });
