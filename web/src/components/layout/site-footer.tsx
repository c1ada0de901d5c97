import { Link } from 'react-router-dom';
import { env } from '../../config/env.js';
import { paths } from '../../config/paths.js';
import { SELLER_DETAILS_ID, seller } from '../../config/seller.js';
import { SOCIAL_LINKS } from './social-icons.js';
import './site-footer.css';

const POLICY_LINKS = [
  { to: paths.policy('shipping-policy'), label: 'Shipping Policy' },
  { to: paths.policy('terms-and-conditions'), label: 'Terms & Conditions' },
  { to: paths.policy('refund-policy'), label: 'Cancellation & Refunds' },
  { to: paths.policy('privacy-policy'), label: 'Privacy Policy' },
  { to: paths.policy('contact-us'), label: 'Contact Us' },
] as const;

const EXPLORE_LINKS = [
  { to: paths.shop, label: 'Shop Our Pickles' },
  { to: paths.about, label: 'Our Story' },
  { to: paths.track, label: 'Track your order' },
] as const;

/** A titled list of the footer's links. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="site-footer__heading">
        {title}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Footer of every page (docs/product.md §2). */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__brand">
          <img src="/images/logo.svg" alt="" width="56" height="56" loading="lazy" decoding="async" />
          <p className="site-footer__name">Royal Pickles</p>
          <p>Homemade pickles with royal heritage: century-old, slow-cooked recipes with handpicked spices.</p>
        </div>
        <FooterLinks id="footer-explore" title="Explore" links={EXPLORE_LINKS} />
        <FooterLinks id="footer-policies" title="Policies" links={POLICY_LINKS} />
        <div>
          <h2 className="site-footer__heading">Get in touch</h2>
          <ul className="social" aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                {/* Placeholder links until the shop's profiles exist (docs/product.md §2). */}
                <a href="#" aria-label={social.name} className="social__link" onClick={(event) => event.preventDefault()}>
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                    <path fill="currentColor" d={social.d} />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
          <p>
            <a href={`mailto:${env.supportEmail}`} className="site-footer__email">
              {env.supportEmail}
            </a>
          </p>
          <p>Delhi, India</p>
          {/* FSSAI asks e-commerce food sellers to show the licence number with the logo on every page. */}
          <p className="site-footer__fssai">
            <span className="site-footer__fssai-logo" aria-hidden="true">
              fssai
            </span>
            <span className="site-footer__fssai-number">
              <span className="visually-hidden">FSSAI </span>Lic. No. {seller.fssaiLicence}
            </span>
          </p>
          <p>
            <Link to={`${paths.policy('contact-us')}#${SELLER_DETAILS_ID}`}>Seller details</Link>
          </p>
        </div>
      </div>
      <img className="site-footer__spices" src="/images/spices.svg" alt="" width="320" height="64" loading="lazy" decoding="async" />
      <p className="site-footer__copy">
        © <span suppressHydrationWarning>{new Date().getFullYear()}</span> Royal Pickles™. All rights reserved.
      </p>
    </footer>
  );
}
