import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
// By path, not package name: Vite bundles a config's relative imports but leaves packages to Node, which cannot load TypeScript.
import { sellerProfileFromEnv, type SellerProfile } from '../packages/shared/src/seller-profile.ts';

/**
 * The seller profile the storefront discloses, read from the same variables the services
 * validate, once, at build time. A bad value stops the build.
 */
function sellerProfile(): SellerProfile {
  try {
    return sellerProfileFromEnv(process.env);
  } catch (error) {
    // A zod error (checked by shape: the config does not import zod itself).
    const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues;
    if (!Array.isArray(issues)) throw error;
    const problems = issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`The seller profile in the environment is invalid (see .env.example):\n${problems}`, { cause: error });
  }
}

const SELLER_PROFILE_MODULE = fileURLToPath(new URL('./src/config/seller-profile.ts', import.meta.url));

/**
 * Builds and the dev server get src/config/seller-profile.ts as a plain constant: the pages then
 * carry the profile (prerendered HTML included) without shipping the validation code (zod) to every
 * page. Tests, which do not run this config, use that file's demo profile.
 */
function sellerProfileModule(): Plugin {
  const profile = sellerProfile();
  return {
    name: 'seller-profile',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== SELLER_PROFILE_MODULE) return undefined;
      return `export const sellerProfile = ${JSON.stringify(profile)};`;
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [sellerProfileModule(), react()],
  build: {
    // The prerender script reads the manifest to add each route's chunk as a modulepreload.
    manifest: !isSsrBuild,
    assetsDir: 'assets',
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    // A second build (the e2e run's, against its own sandbox port) goes to its own folder.
    ...(isSsrBuild ? {} : { outDir: process.env.WEB_OUT_DIR ?? 'dist' }),
    rolldownOptions: {
      output: {
        // zod in a chunk of its own: left to the automatic split it shared a chunk with the pricing
        // code, and /shop and /payment evaluated it with the page. Only forms that validate with it load it.
        ...(isSsrBuild ? {} : { codeSplitting: { groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ }] } }),
      },
    },
  },
  server: {
    proxy: { '/api': process.env.VITE_DEV_API_PROXY ?? 'http://127.0.0.1:3000' },
  },
}));
