import { NavLink, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { BrandLink } from './brand-link.js';
import { ComplaintsNavLink } from '../../features/complaints/components/complaints-nav-link.js';
import './admin-header.css';

/**
 * The owner's header on /login and /admin: the shop's name and an Admin tag, none of the storefront's
 * navigation; on the admin pages (not the login) the way to the complaints.
 */
export function AdminHeader() {
  const { pathname } = useLocation();
  const isSignedInPage = pathname !== paths.login;
  return (
    <header className="site-header admin-header">
      <div className="admin-width admin-header__inner">
        <BrandLink to={paths.admin} className="brand admin-header__brand" label="Royal Pickles admin" />
        <span className="admin-header__tag" aria-hidden="true">
          Admin
        </span>
        {isSignedInPage ? (
          <nav className="admin-header__nav" aria-label="Admin">
            {/* A phone or WhatsApp order first, then the products and their batches; the nav's gap spaces them from the complaints link. */}
            <NavLink to={paths.adminNewOrder} className="admin-header__link">
              New order
            </NavLink>
            <NavLink to={paths.adminCatalogue} className="admin-header__link">
              Catalogue
            </NavLink>
            <NavLink to={paths.adminStock} className="admin-header__link">
              Stock
            </NavLink>
            <NavLink to={paths.adminDiscountCodes} className="admin-header__link">
              Discount codes
            </NavLink>
            <NavLink to={paths.adminDeliveryProblems} className="admin-header__link">
              Delivery problems
            </NavLink>
            <ComplaintsNavLink />
          </nav>
        ) : null}
      </div>
    </header>
  );
}
