import { useEffect, useRef } from 'react';

/**
 * Drives a native <dialog> from React state: `showModal()` when `open` turns
 * true (the browser then traps focus, closes on Escape and gives the focus
 * back), `close()` when it turns false. Returns the ref for the element.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
