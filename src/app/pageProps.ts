import type { Locale } from '../domain/locale';

/** What every trading page gets from the route. */
export interface PageProps {
  locale: Locale;
  base: string;
  quote: string;
}
