import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** A lazy component whose chunk can be asked for before it first renders. */
export type PreloadableLazy<P> = LazyExoticComponent<ComponentType<P>> & {
  /** Starts loading the chunk (once); never rejects: a failure is left for the render to show and retry. */
  preload: () => Promise<void>;
};

/**
 * React.lazy for a named export: `lazyNamed(() => import('./Panel'), 'Panel')`.
 * The module's chunk loads the first time the component renders (inside a
 * Suspense boundary), or earlier through `preload()`, whose load the render
 * then shares; modules export names, React.lazy wants a default. A name that
 * is not a component gets props `never`, so using it fails to compile.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): PreloadableLazy<PropsOf<M[K]>> {
  let loading: Promise<M> | null = null;
  const once = () =>
    (loading ??= load().catch((error: unknown) => {
      // A failed load is not kept: the next render (the panel's retry) asks again.
      loading = null;
      throw error;
    }));
  const component = lazy(() => once().then((module) => ({ default: module[name] as ComponentType<PropsOf<M[K]>> })));
  return Object.assign(component, { preload: () => once().then(() => undefined, () => undefined) });
}
