import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths.js';
import { BrandLink } from './brand-link.js';

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandLink to={paths.home} className="brand" label="Royal Pickles home" />
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
