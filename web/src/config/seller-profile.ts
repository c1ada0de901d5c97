import { sellerProfileFromEnv, type SellerProfile } from '@pickles/shared/seller-profile';

/**
 * The seller profile as tests and type checks see it: the published demo values. Vite
 * replaces this whole module with the profile it read from the environment at build time
 * (web/vite.config.ts, plugin 'seller-profile'), so this code and zod never reach the browser.
 * Import `seller` from ./seller.js rather than this file.
 */
export const sellerProfile: SellerProfile = sellerProfileFromEnv({});
