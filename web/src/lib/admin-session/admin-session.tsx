import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { AdminLogoutResponse } from '@pickles/shared/api';
import { paths } from '../../config/paths.js';
import { apiRequest } from '../api-client.js';
import { onAdminSessionExpired } from './admin-request.js';
import { clearAdminToken, readAdminToken, saveAdminToken } from './token-store.js';

/** Shown by /login after a 401 ended the session. */
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
/** Shown by /login after the owner logged out. */
export const LOGGED_OUT_MESSAGE = 'You have been logged out';

/** What the admin pages hand /login: a message to show, and the admin page to return to after logging in. */
export interface LoginState {
  message?: string;
  from?: string;
}

/**
 * Where a successful login goes: back to the admin page that sent the owner to /login (the alert
 * e-mail's `/admin?search=<orderId>`, say), otherwise /admin. Only admin pages, never another site.
 */
export function afterLoginPath(state: unknown): string {
  const from = (state as LoginState | null)?.from;
  if (typeof from !== 'string') return paths.admin;
  const isAdminPage = from === paths.admin || from.startsWith(`${paths.admin}?`) || from.startsWith(`${paths.admin}/`);
  return isAdminPage ? from : paths.admin;
}

export interface AdminSession {
  token: string;
  /** Revokes the token on the server, forgets it and goes to /login. */
  logout: () => Promise<void>;
}

const AdminSessionContext = createContext<AdminSession | null>(null);

/** After a successful login: the token every admin call carries from now on. */
export function startAdminSession(token: string): void {
  saveAdminToken(token);
}

/**
 * Wraps the admin pages: without a token, /login (docs/product.md §2, §6); with one, the session for
 * useAdminSession, and the move to /login when an admin call answers 401 (see admin-request.ts).
 */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  // Where a 401 found the owner, so logging in again returns there.
  const hereRef = useRef(here);
  useEffect(() => {
    hereRef.current = here;
  }, [here]);
  // Read once: when the session ends the provider navigates to /login itself (with the message on a
  // 401); re-rendering a <Navigate> on the cleared token could replace that navigation and its state.
  const [token] = useState(readAdminToken);

  useEffect(
    () =>
      onAdminSessionExpired(() => {
        const state: LoginState = { message: SESSION_EXPIRED_MESSAGE, from: hereRef.current };
        navigate(paths.login, { replace: true, state });
      }),
    [navigate],
  );

  const logout = useCallback(async () => {
    // Forgotten here first, so a call of this session still in flight, refused once the token is
    // revoked, is not taken for an expired session (admin-request.ts). Revoked on the server before
    // the login page shows. Not through adminRequest: a token the server already refuses is simply
    // gone, not an expired session.
    clearAdminToken();
    if (token) await apiRequest<AdminLogoutResponse>('POST', '/admin/logout', { token }).catch(() => undefined);
    const state: LoginState = { message: LOGGED_OUT_MESSAGE };
    navigate(paths.login, { replace: true, state });
  }, [navigate, token]);

  const session = useMemo(() => (token ? { token, logout } : null), [token, logout]);
  if (!session) return <Navigate to={paths.login} replace state={{ from: here } satisfies LoginState} />;
  return <AdminSessionContext.Provider value={session}>{children}</AdminSessionContext.Provider>;
}

/** The admin session; only inside AdminSessionProvider. */
export function useAdminSession(): AdminSession {
  const session = useContext(AdminSessionContext);
  if (!session) throw new Error('useAdminSession is used outside AdminSessionProvider');
  return session;
}
