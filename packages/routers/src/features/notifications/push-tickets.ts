import type { BusinessMetrics } from '../../ports';
import type { NotificationsRepository } from './notifications.repository';

/** Expo's ticket and receipt error for a token it no longer knows: the device is removed. */
export const DEVICE_NOT_REGISTERED = 'DeviceNotRegistered';

/** Removes the devices Expo no longer knows; counts them. */
export async function removeUnregisteredDevices(
  repo: NotificationsRepository,
  metrics: BusinessMetrics,
  tokens: string[],
): Promise<void> {
  const removed = await repo.removeTokens(tokens);
  for (let i = 0; i < removed; i += 1) metrics.push('removed');
}
