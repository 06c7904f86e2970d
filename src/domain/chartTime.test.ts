import { describe, expect, it } from 'vitest';
import { chartDateTime, chartTickLabel, isKnownTimeZone } from './chartTime';

const T = Date.UTC(2024, 7, 5, 23, 30, 5);

describe('chart times', () => {
  it('formats YYYY-MM-DD HH:mm:ss in UTC by default', () => {
    expect(chartDateTime(T)).toBe('2024-08-05 23:30:05');
  });

  it('moves labels to the chosen zone, across the date line', () => {
    expect(chartDateTime(T, 'Asia/Singapore')).toBe('2024-08-06 07:30:05');
    expect(chartDateTime(T, 'America/New_York')).toBe('2024-08-05 19:30:05');
  });

  it('falls back to UTC for an unknown zone and blank for a bad time', () => {
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(chartDateTime(T, 'Mars/Olympus')).toBe('2024-08-05 23:30:05');
    expect(chartDateTime(Number.NaN)).toBe('');
  });

  it('labels axis marks by their level', () => {
    expect(chartTickLabel(T, 'year')).toBe('2024');
    expect(chartTickLabel(T, 'month')).toBe('2024-08');
    expect(chartTickLabel(T, 'day', 'Asia/Tokyo')).toBe('08-06');
    expect(chartTickLabel(T, 'time')).toBe('23:30');
    expect(chartTickLabel(T, 'seconds')).toBe('23:30:05');
  });
});
