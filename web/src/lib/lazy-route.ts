import { createElement, lazy, type ComponentType } from 'react';

/** docs/product.md §9: script chunks get 120 s to load. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const RETRY_DELAY_MS = 1_000;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

type Module<P extends object> = { default: ComponentType<P> };

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('Loading the page timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export interface LazyRoute<P extends object = Record<string, never>> {
  (props: P): ReturnType<typeof createElement>;
  preload: () => Promise<Module<P>>;
}

/**
 * A route component loaded on demand. One retry covers a flaky mobile connection; a second failure
 * (typically a deploy that removed the old hashed chunk) becomes a ChunkLoadError for the boundary.
 * Once loaded it renders synchronously, so a route preloaded before hydration matches the prerendered HTML.
 */
export function lazyRoute<P extends object = Record<string, never>>(factory: () => Promise<Module<P>>): LazyRoute<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<Module<P>> | undefined;

  const load = (): Promise<Module<P>> => {
    pending ??= withTimeout(factory(), CHUNK_LOAD_TIMEOUT_MS)
      .catch(
        () =>
          new Promise<Module<P>>((resolve, reject) => {
            setTimeout(() => withTimeout(factory(), CHUNK_LOAD_TIMEOUT_MS).then(resolve, reject), RETRY_DELAY_MS);
          }),
      )
      .then((module) => {
        loaded = module.default;
        return module;
      })
      .catch((cause: unknown) => {
        pending = undefined;
        throw new ChunkLoadError(cause instanceof Error ? cause.message : 'Failed to load a page chunk');
      });
    return pending;
  };

  const Lazy = lazy(load);
  const render = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  return Object.assign(render, { preload: load });
}
