import { useCallback, useEffect, useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { placeTourCard, tourKey, type Rect } from '../domain/tours';
import { Button } from './Button';
import './tour.css';

export interface TourStepView {
  target: string;
  title: string;
  text: string;
}

interface TourProps {
  title: string;
  steps: readonly TourStepView[];
  /** 0-based */
  step: number;
  onStep: (step: number) => void;
  /** `finished`: the last step's Finish, else skipped (Skip or Escape) */
  onClose: (finished: boolean) => void;
  labels: { progress: string; next: string; back: string; skip: string; finish: string };
  /**
   * Open only once the first step's element is laid out (a first-time tour of
   * a control inside a phone's closed sheet waits until the sheet opens);
   * otherwise a step without its element gets a centred card.
   */
  waitForTarget?: boolean;
  /** open only after the trader has pressed no key and no pointer for QUIET_MS (a first-time tour never cuts into typing) */
  waitForQuiet?: boolean;
}

const HOLE_PADDING = 4;

/** The step's element if it is laid out on screen (a phone's hidden panel has no box). */
function targetRect(selector: string): Rect | null {
  let element: Element | null = null;
  try {
    element = document.querySelector(selector);
  } catch {
    return null;
  }
  if (!element) return null;
  const box = element.getBoundingClientRect();
  if (box.width <= 0 || box.height <= 0) return null;
  return { top: box.top - HOLE_PADDING, left: box.left - HOLE_PADDING, width: box.width + 2 * HOLE_PADDING, height: box.height + 2 * HOLE_PADDING };
}

/** Whether a dialog is open that the tour would make inert: not the tour, nor one holding the step's element (a phone's order sheet). */
function otherDialogOpen(tour: HTMLDialogElement, selector: string): boolean {
  let target: Element | null = null;
  try {
    target = document.querySelector(selector);
  } catch {
    target = null;
  }
  for (const open of document.querySelectorAll('dialog[open]')) if (open !== tour && !(target && open.contains(target))) return true;
  return false;
}

/** How long the page must have had no key or pointer press before a first-time tour may open over it. */
export const QUIET_MS = 2_000;
let lastInputAt = -Infinity;
if (typeof window !== 'undefined') {
  const heard = () => {
    lastInputAt = Date.now();
  };
  // Capture: a control that stops the event still counts as the trader at work.
  window.addEventListener('keydown', heard, true);
  window.addEventListener('pointerdown', heard, true);
}

/** How often a tour that is not open yet looks again for its element and for other dialogs to close. */
const WAIT_POLL_MS = 250;

/**
 * A guided tour: a modal <dialog> over the whole page (the page is inert
 * while it shows; the browser traps focus and gives it back), a spotlight
 * cut around the step's element, and a card beside it with step n of m and
 * Skip / Back / Next. Arrow keys move through the steps in reading order.
 * The card follows its element through scrolls, resizes and layout changes.
 */
export function Tour({ title, steps, step, onStep, onClose, labels, waitForTarget = false, waitForQuiet = false }: TourProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const holeRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const current = steps[Math.min(step, steps.length - 1)];
  const last = step >= steps.length - 1;
  const dir = typeof document !== 'undefined' && document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr';

  // Positions are written straight to the elements: a scroll or resize re-measures without a render.
  const measure = useCallback(() => {
    const dialog = dialogRef.current;
    const hole = holeRef.current;
    const card = cardRef.current;
    if (!current || !dialog || !hole || !card) return;
    const rect = targetRect(current.target);
    if (!dialog.open) {
      if (rect === null && waitForTarget) return;
      // Never over another dialog (a confirmation, the quiz): the tour waits until it is closed.
      if (otherDialogOpen(dialog, current.target)) return;
      if (waitForQuiet && Date.now() - lastInputAt < QUIET_MS) return;
      // Modal: the page behind is inert, Escape arrives as cancel, focus returns on close.
      dialog.showModal();
      nextRef.current?.focus();
    }
    dialog.classList.toggle('tour--dim', rect === null);
    hole.hidden = rect === null;
    if (rect) Object.assign(hole.style, { top: `${rect.top}px`, left: `${rect.left}px`, width: `${rect.width}px`, height: `${rect.height}px` });
    const place = placeTourCard(rect, { width: card.offsetWidth, height: card.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }, dir);
    Object.assign(card.style, { top: `${place.top}px`, left: `${place.left}px`, visibility: 'visible' });
    card.dataset.side = place.side;
  }, [current, dir, waitForTarget, waitForQuiet]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    return () => dialog?.close();
  }, []);

  // A new step: bring its element into view, measure, and start on Next.
  useLayoutEffect(() => {
    if (!current) return;
    try {
      document.querySelector(current.target)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    } catch {
      // A selector the browser cannot parse: the card is centred.
    }
    measure();
    if (dialogRef.current?.open) nextRef.current?.focus();
  }, [current, measure]);

  // Not open yet (its element not laid out, or another dialog in the way): look again until it can open.
  useEffect(() => {
    const timer = setInterval(() => {
      if (dialogRef.current?.open) clearInterval(timer);
      else measure();
    }, WAIT_POLL_MS);
    return () => clearInterval(timer);
  }, [measure]);

  useEffect(() => {
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener('resize', later);
    window.addEventListener('scroll', later, true);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    if (observer && cardRef.current) observer.observe(cardRef.current);
    if (observer && current) {
      try {
        const element = document.querySelector(current.target);
        if (element) observer.observe(element);
      } catch {
        // as above
      }
    }
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', later);
      window.removeEventListener('scroll', later, true);
      observer?.disconnect();
    };
  }, [current, measure]);

  if (!current) return null;
  const next = () => (last ? onClose(true) : onStep(step + 1));
  const back = () => step > 0 && onStep(step - 1);
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    const action = tourKey(event.key, dir);
    if (!action || action === 'close') return;
    event.preventDefault();
    event.stopPropagation();
    if (action === 'next') next();
    else back();
  };

  // On the body: a tour started inside a panel must not be hidden with it (a modal in a display:none subtree blocks the page unseen).
  return createPortal(
    <dialog
      ref={dialogRef}
      className="tour"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // React carries a dialog's cancel up through the portal: a sheet or dialog the tour was opened from keeps its own.
        event.preventDefault();
        event.stopPropagation();
        onClose(false);
      }}
      onClose={(event) => {
        // Closed by the browser itself (an Escape it does not offer as a cancelable cancel, without user activation):
        // the tour ends all the same, so the page's state agrees with what is on screen.
        event.stopPropagation();
        if (event.target === event.currentTarget) onClose(false);
      }}
    >
      <div ref={holeRef} className="tour__hole" aria-hidden="true" hidden />
      <section ref={cardRef} className="tour__card" style={{ visibility: 'hidden' }}>
        <h2 id={titleId} className="tour__title">{title}</h2>
        <p className="tour__progress">{labels.progress}</p>
        <h3 className="tour__step">{current.title}</h3>
        <p className="tour__text">{current.text}</p>
        <div className="tour__actions">
          <Button variant="secondary" onClick={() => onClose(false)}>{labels.skip}</Button>
          {step > 0 && <Button variant="secondary" onClick={back}>{labels.back}</Button>}
          <Button ref={nextRef} variant="primary" onClick={next}>{last ? labels.finish : labels.next}</Button>
        </div>
      </section>
    </dialog>,
    document.body,
  );
}
