import { useEffect, type RefObject } from 'react';

/**
 * While `active`, everything beside `ref` in its parent is inert: the mask
 * covers the trade area for the pointer, this keeps the keyboard and screen
 * readers out of the forms under it too. The area's children are not ours
 * (the page composes them), hence the attribute, re-applied when a child is
 * replaced.
 */
export function useInertSiblings(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    const self = ref.current;
    const parent = self?.parentElement;
    if (!active || !self || !parent) return undefined;
    const siblings = () => [...parent.children].filter((el) => el !== self);
    const apply = () => siblings().forEach((el) => el.setAttribute('inert', ''));
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(parent, { childList: true });
    return () => {
      observer.disconnect();
      siblings().forEach((el) => el.removeAttribute('inert'));
    };
  }, [ref, active]);
}
