import { isPolicyName, paths } from '../config/paths.js';
import { DEFAULT_META, PAGE_META, POLICY_META, type PageMeta } from './page-meta.js';

/** Title and description written into a prerendered page's head. */
export function metaFor(pathname: string): PageMeta {
  if (pathname === paths.shop) return PAGE_META.shop;
  if (pathname === paths.about) return PAGE_META.about;
  const policy = pathname.startsWith('/policies/') ? pathname.slice('/policies/'.length) : undefined;
  if (isPolicyName(policy)) return POLICY_META[policy];
  return DEFAULT_META;
}
