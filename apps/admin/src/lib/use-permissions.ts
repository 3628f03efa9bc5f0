import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../trpc';
import type { Permission } from './permissions';
import { useSessionToken } from './use-session';

/**
 * admin.me, the signed-in staff member and their role's permissions. `can` is false until it
 * has answered: an action is shown once it is known to be allowed, never taken back.
 */
export function usePermissions() {
  const trpc = useTRPC();
  const signedIn = useSessionToken() !== null;
  const me = useQuery({
    ...trpc.admin.me.queryOptions(undefined),
    enabled: signedIn,
    select: (r) => r.data,
  });
  const permissions: readonly Permission[] = me.data?.permissions ?? [];
  return { me, can: (permission: Permission) => permissions.includes(permission) };
}
