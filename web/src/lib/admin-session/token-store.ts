/** The admin session lives in localStorage under the spec's key (docs/product.md §3, §9). */
export const ADMIN_TOKEN_KEY = 'adminToken';

export function readAdminToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function saveAdminToken(token: string): void {
  window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
}

export function clearAdminToken(): void {
  try {
    window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}
