/**
 * The static placeholder of index.html goes at first render (its own timer
 * removes it after 5 s at most, and shows a static "reload" note if nothing
 * rendered by then — which a slow start must take back once it renders).
 */
export function removeBootPlaceholder(): void {
  document.getElementById('boot-placeholder')?.remove();
  document.getElementById('boot-failed')?.setAttribute('hidden', '');
}
