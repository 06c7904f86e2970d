/** The static placeholder of index.html goes at first render (its own timer removes it after 5 s at most). */
export function removeBootPlaceholder(): void {
  document.getElementById('boot-placeholder')?.remove();
}
