/**
 * The admin's bearer token, kept for this browser tab only (sessionStorage): it survives a
 * reload, not the tab. The panel has no cookie: the API authenticates every call by the token,
 * as it does the mobile app's (docs/admin-panel.md).
 */
const KEY = 'storefront.admin.token';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

export const session = {
  token(): string | null {
    return sessionStorage.getItem(KEY);
  },
  signIn(token: string): void {
    sessionStorage.setItem(KEY, token);
    for (const listener of listeners) listener(token);
  },
  signOut(): void {
    sessionStorage.removeItem(KEY);
    for (const listener of listeners) listener(null);
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
