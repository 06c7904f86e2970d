import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * React.lazy for a named export: `lazyNamed(() => import('./Panel'), 'Panel')`.
 * The module's chunk loads the first time the component renders (inside a
 * Suspense boundary); modules export names, React.lazy wants a default. A
 * name that is not a component gets props `never`, so using it fails to compile.
 */
export function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<ComponentType<PropsOf<M[K]>>> {
  return lazy(() => load().then((module) => ({ default: module[name] as ComponentType<PropsOf<M[K]>> })));
}
