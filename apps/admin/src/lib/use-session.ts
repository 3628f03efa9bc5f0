import { useSyncExternalStore } from 'react';
import { session } from './session';

/** The current token; components re-render when the admin signs in or out. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.token);
}
