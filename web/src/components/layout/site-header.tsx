import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.js';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home} className="brand" aria-label="Royal Pickles home">
          <img src="/images/logo.svg" alt="" width="40" height="40" />
          <span className="brand__name">Royal Pickles</span>
        </Link>
        <nav aria-label="Main">
          <ul className="main-nav">
            <li>
              <NavLink to={paths.shop}>Shop</NavLink>
            </li>
            <li>
              <NavLink to={paths.about}>Our Story</NavLink>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
