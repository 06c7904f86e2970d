import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

const GAP_PX = 4;

/** Without the popover API (older browsers, jsdom) the panel stays in the flow, absolutely placed. */
const SUPPORTS_POPOVER = typeof HTMLElement !== 'undefined' && typeof HTMLElement.prototype.showPopover === 'function';

/**
 * Puts the panel under its button in viewport coordinates. The panel is a
 * top-layer popover, so the toolbar's sideways scrolling (overflow) and the
 * grid's transforms cannot clip or shift it.
 */
function placeUnder(panel: HTMLElement, trigger: HTMLElement) {
  const rect = trigger.getBoundingClientRect();
  const viewport = document.documentElement.clientWidth;
  panel.style.top = `${rect.bottom + GAP_PX}px`;
  // Anchored at the button's inline start edge, so a panel that grows (customize) grows away from it.
  if (getComputedStyle(trigger).direction === 'rtl') {
    panel.style.left = 'auto';
    panel.style.right = `${Math.max(GAP_PX, viewport - rect.right)}px`;
  } else {
    panel.style.right = 'auto';
    panel.style.left = `${Math.max(GAP_PX, Math.min(rect.left, viewport - panel.offsetWidth - GAP_PX))}px`;
  }
}

/**
 * A toolbar popover (non-modal): opens under its button, closes on Escape
 * (focus back on the button), on a press outside, and when focus leaves it.
 */
export function usePopover() {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  useLayoutEffect(() => {
    const panel = panelRef.current;
    const trigger = triggerRef.current;
    if (!open || !panel || !trigger) return;
    if (!SUPPORTS_POPOVER) return;
    if (!panel.matches(':popover-open')) panel.showPopover();
    const place = () => placeUnder(panel, trigger);
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    close(true);
  };

  // Tabbing out of the popover closes it, so no open panel is left behind the focus.
  const onWrapBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (next && !wrapRef.current?.contains(next)) setOpen(false);
  };

  const triggerProps = {
    ref: triggerRef,
    'aria-expanded': open,
    'aria-controls': open ? panelId : undefined,
    onClick: () => (open ? close(false) : setOpen(true)),
  };
  const panelProps = { ref: panelRef, id: panelId, popover: SUPPORTS_POPOVER ? ('manual' as const) : undefined, onKeyDown: onPanelKeyDown };
  const wrapProps = { ref: wrapRef, onBlur: onWrapBlur };

  return { open, setOpen, close, triggerProps, panelProps, wrapProps };
}
