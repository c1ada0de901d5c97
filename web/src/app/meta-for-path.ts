import { isPolicyName, paths } from '../config/paths.js';
import { DEFAULT_META, PAGE_META, POLICY_META, type PageMeta } from './page-meta.js';

/** Title and description written into a prerendered page's head (or a skeleton page's). */
export function metaFor(pathname: string): PageMeta {
  if (pathname === paths.shop) return PAGE_META.shop;
  if (pathname === paths.about) return PAGE_META.about;
  if (pathname === paths.payment) return PAGE_META.checkout;
  if (pathname === paths.track) return PAGE_META.track;
  const policy = pathname.startsWith('/policies/') ? pathname.slice('/policies/'.length) : undefined;
  if (isPolicyName(policy)) return POLICY_META[policy];
  return DEFAULT_META;
}
