/**
 * Order and trade ids are digit strings that grow with time, too long for a
 * JavaScript number: compared as numbers without parsing, a longer id is the
 * larger one.
 */
export function compareDigitIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}
