import { TickMarkType } from 'lightweight-charts';
import type { TickLevel } from '../domain/chartTime';

/** What a lightweight-charts tick mark labels, in the words of domain/chartTime's label rules (every chart on the page reads ticks alike). */
export const TICK_LEVEL: Readonly<Record<TickMarkType, TickLevel>> = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'seconds',
};
