import { Link } from 'react-router-dom';

/** The logo and the shop's name, linking to `to`: the storefront's header and the owner's. */
export function BrandLink({ to, className, label }: { to: string; className: string; label: string }) {
  return (
    <Link to={to} className={className} aria-label={label}>
      <img src="/images/logo.svg" alt="" width="40" height="40" />
      <span className="brand__name">Royal Pickles</span>
    </Link>
  );
}
