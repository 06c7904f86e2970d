import { useState, type CSSProperties } from 'react';
import { letterMark, tokenIconPath } from '../domain/tokenMark';

/**
 * A coin's thumbnail: its icon where one ships (kept by the service worker,
 * so it shows offline), else — or when the icon cannot load — its letter
 * mark. Decorative: the coin's name is always written beside it.
 */
export function TokenIcon({ coin, size = 20 }: { coin: string; size?: number }) {
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const path = tokenIconPath(coin);
  if (path && failedFor !== coin) {
    return <img className="token-icon" src={path} alt="" aria-hidden="true" width={size} height={size} decoding="async" onError={() => setFailedFor(coin)} />;
  }
  const mark = letterMark(coin);
  const style = { '--token-hue': mark.hue, inlineSize: size, blockSize: size, fontSize: Math.round(size * 0.55) } as CSSProperties;
  return (
    <span className="token-icon token-icon--letter" aria-hidden="true" style={style} data-letter-mark={coin}>
      {mark.letter}
    </span>
  );
}
