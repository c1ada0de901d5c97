import { useEffect, useState } from 'react';
import { NavLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { POLICY_NAMES, isPolicyName, paths } from '../../../config/paths.js';
import { POLICY_META, usePageMeta } from '../../page-meta.js';
import { POLICY_CONTENT, POLICY_TITLES } from './policy-content.js';

/**
 * A link to a section (the footer's "Seller details") lands on it after a client-side navigation too:
 * the router does not scroll to a #hash, and the layout scrolls a new page to its top. The frame's
 * delay lets that happen first.
 */
function useScrollToHash(name: string) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const frame = window.requestAnimationFrame(() => {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (!target) return;
      target.scrollIntoView();
      target.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [hash, name]);
}

function PolicyPage({ name }: { name: keyof typeof POLICY_TITLES }) {
  usePageMeta(POLICY_META[name]);
  const [menuOpen, setMenuOpen] = useState(false);
  // A chosen policy closes the mobile menu.
  useEffect(() => setMenuOpen(false), [name]);
  useScrollToHash(name);
  const Content = POLICY_CONTENT[name];

  return (
    <div className="container policy-layout">
      <nav className={menuOpen ? 'policy-nav is-open' : 'policy-nav'} aria-labelledby="policy-nav-title">
        <h2 id="policy-nav-title" className="policy-nav__title">
          {/* On phones the title is the toggle of a collapsible menu; on wider screens the list is always shown. */}
          <button type="button" className="policy-nav__toggle" aria-expanded={menuOpen} aria-controls="policy-nav-list" onClick={() => setMenuOpen((open) => !open)}>
            Legal Policies
            <span className="policy-nav__chevron" aria-hidden="true" />
          </button>
          <span className="policy-nav__label">Legal Policies</span>
        </h2>
        <ul id="policy-nav-list" className="policy-nav__list">
          {POLICY_NAMES.map((policy) => (
            <li key={policy}>
              <NavLink to={paths.policy(policy)}>{POLICY_TITLES[policy]}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <article className="policy-content" aria-labelledby="policy-title">
        <h1 id="policy-title">{POLICY_TITLES[name]}</h1>
        <Content />
        <p className="policy-updated">Royal Pickles, Delhi, India.</p>
      </article>
    </div>
  );
}

export default function PolicyRoute() {
  const { policyName } = useParams();
  if (!isPolicyName(policyName)) return <Navigate to={paths.defaultPolicy} replace />;
  return <PolicyPage name={policyName} />;
}
