const KEY = 'docformat.token';

/**
 * The bearer token, entered once per tab: sessionStorage ends with the tab, so the
 * token is not left on the machine as localStorage would leave it, and no other site
 * can read it (same-origin storage, and the page runs no third-party script).
 */
export const tokenStore = {
  get(storage: Storage = sessionStorage): string | null {
    return storage.getItem(KEY);
  },
  set(token: string, storage: Storage = sessionStorage): void {
    storage.setItem(KEY, token);
  },
  clear(storage: Storage = sessionStorage): void {
    storage.removeItem(KEY);
  },
};
