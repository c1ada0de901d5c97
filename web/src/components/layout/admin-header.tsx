import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import './admin-header.css';

/** The owner's header on /login and /admin: the shop's name and an Admin tag, none of the storefront's navigation. */
export function AdminHeader() {
  return (
    <header className="site-header admin-header">
      <div className="admin-width admin-header__inner">
        <Link to={paths.admin} className="brand admin-header__brand" aria-label="Royal Pickles admin">
          <img src="/images/logo.svg" alt="" width="40" height="40" />
          <span className="brand__name">Royal Pickles</span>
        </Link>
        <span className="admin-header__tag" aria-hidden="true">
          Admin
        </span>
      </div>
    </header>
  );
}
