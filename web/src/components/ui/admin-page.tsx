import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { useAdminSession } from '../../lib/admin-session/index.js';
import './admin-page.css';

/*
 * The owner's pages beside the orders panel (/admin/complaints, /admin/stock). Their cards and the
 * back link are the order page's (.op-card, .op-back, .op-error in
 * features/admin-order-page/order-page.css), which each such route imports.
 */

interface AdminPageProps {
  title: string;
  /** One line on what the page is for, under the title. */
  intro: ReactNode;
  children: ReactNode;
  /** Where the back link goes: the orders, unless the page sits under another (a product under the catalogue). */
  back?: { to: string; label: string };
}

/** The way back (to the orders), the title and Logout, the page's intro, then its content. */
export function AdminPage({ title, intro, children, back = { to: paths.admin, label: 'All orders' } }: AdminPageProps) {
  const { logout } = useAdminSession();
  return (
    <div className="admin-width admin-page">
      <header className="admin-page__header">
        <div>
          <Link to={back.to} className="op-back">
            <span aria-hidden="true">←</span> {back.label}
          </Link>
          <h1>{title}</h1>
        </div>
        <button type="button" className="btn" onClick={() => void logout()}>
          Logout
        </button>
      </header>
      <p className="admin-page__intro">{intro}</p>
      {children}
    </div>
  );
}

/** The page's content could not be loaded: why, and a retry. */
export function AdminLoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="op-card" role="alert">
      <p className="op-error">{message}</p>
      <button type="button" className="btn" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

interface AdminLoadedProps<T> {
  /** What useAdminData answered, if anything yet. */
  data: T | undefined;
  isLoading: boolean;
  failure: string | undefined;
  onRetry: () => void;
  /** The status line until the first answer. */
  loadingText: string;
  children: (data: T) => ReactNode;
}

/**
 * A page's content as useAdminData loads it: the loading line or the failure only until the first
 * answer, then the content, kept on screen while a reload is under way.
 */
export function AdminLoaded<T>({ data, isLoading, failure, onRetry, loadingText, children }: AdminLoadedProps<T>) {
  if (isLoading && !data) return <p role="status">{loadingText}</p>;
  if (failure && !data) return <AdminLoadFailure message={failure} onRetry={onRetry} />;
  return data ? children(data) : null;
}
