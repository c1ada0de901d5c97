import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: {
    // The prerender script reads the manifest to add each route's chunk as a modulepreload.
    manifest: !isSsrBuild,
    assetsDir: 'assets',
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    emptyOutDir: true,
    // A second build (the e2e run's, against its own sandbox port) goes to its own folder.
    ...(isSsrBuild ? {} : { outDir: process.env.WEB_OUT_DIR ?? 'dist' }),
  },
  server: {
    proxy: { '/api': process.env.VITE_DEV_API_PROXY ?? 'http://127.0.0.1:3000' },
  },
}));
