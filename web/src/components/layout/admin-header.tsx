import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.js';

/** The owner's header on /login and /admin: the shop's name, none of the storefront's navigation. */
export function AdminHeader() {
  return (
    <header className="site-header admin-header">
      <div className="container site-header__inner">
        <Link to={paths.admin} className="brand" aria-label="Royal Pickles admin">
          <img src="/images/logo.svg" alt="" width="40" height="40" />
          <span className="brand__name">Royal Pickles</span>
          <span className="admin-header__tag">Admin</span>
        </Link>
      </div>
    </header>
  );
}
