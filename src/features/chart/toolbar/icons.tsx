import type { ChartStyle } from '../../../domain/chartModel';
import type { ReactNode } from 'react';

/** Small line icons for the toolbar; decorative, the buttons carry the names. */
function Svg({ children }: { children: ReactNode }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.2" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** One picture per chart style, drawn like the series it stands for. */
export function ChartStyleIcon({ style }: { style: ChartStyle }) {
  switch (style) {
    case 'bar':
      return (
        <Svg>
          <path d="M4 3v10M2 5h2M4 11h2M11 2v11M9 4h2M11 10h2" />
        </Svg>
      );
    case 'candle':
      return (
        <Svg>
          <path d="M4.5 2v2M4.5 11v3M11.5 1v3M11.5 10v4" />
          <rect x="3" y="4" width="3" height="7" fill="currentColor" />
          <rect x="10" y="4" width="3" height="6" fill="currentColor" />
        </Svg>
      );
    case 'hollowCandle':
      return (
        <Svg>
          <path d="M4.5 2v2M4.5 11v3M11.5 1v3M11.5 10v4" />
          <rect x="3" y="4" width="3" height="7" />
          <rect x="10" y="4" width="3" height="6" fill="currentColor" />
        </Svg>
      );
    case 'heikinAshi':
      return (
        <Svg>
          <path d="M4.5 3v2M4.5 10v3M11.5 2v2M11.5 9v4" />
          <rect x="3" y="5" width="3" height="5" rx="1" fill="currentColor" />
          <rect x="10" y="4" width="3" height="5" rx="1" fill="currentColor" />
        </Svg>
      );
    case 'line':
      return (
        <Svg>
          <path d="M1 12l4-5 3 3 4-6 3 2" />
        </Svg>
      );
    case 'area':
      return (
        <Svg>
          <path d="M1 12l4-5 3 3 4-6 3 2v8H1z" fill="currentColor" fillOpacity="0.35" />
          <path d="M1 12l4-5 3 3 4-6 3 2" />
        </Svg>
      );
    case 'baseline':
      return (
        <Svg>
          <path d="M1 8h14" strokeDasharray="2 1.5" />
          <path d="M1 11l3-6 3 2 3 5 3-8 2 2" />
        </Svg>
      );
  }
}

export function ChevronIcon({ direction }: { direction: 'down' | 'start' | 'end' }) {
  // start/end flip in right-to-left pages through the CSS class (icons with direction mirror).
  const d = direction === 'down' ? 'M4 6l4 4 4-4' : direction === 'start' ? 'M10 4L6 8l4 4' : 'M6 4l4 4-4 4';
  return (
    <span className={direction === 'down' ? undefined : 'ct-mirror'}>
      <Svg>
        <path d={d} />
      </Svg>
    </span>
  );
}

export function IndicatorsIcon() {
  return (
    <Svg>
      <path d="M1 13l4-6 3 3 6-8" />
      <path d="M1 15h14" />
    </Svg>
  );
}

export function CompareIcon() {
  return (
    <Svg>
      <circle cx="8" cy="8" r="6" />
      <path d="M8 4v8M4 8h8" />
    </Svg>
  );
}

export function SettingsIcon() {
  return (
    <Svg>
      <circle cx="8" cy="8" r="2.2" />
      <path d="M8 1.5v2M8 12.5v2M1.5 8h2M12.5 8h2M3.4 3.4l1.4 1.4M11.2 11.2l1.4 1.4M3.4 12.6l1.4-1.4M11.2 4.8l1.4-1.4" />
    </Svg>
  );
}
