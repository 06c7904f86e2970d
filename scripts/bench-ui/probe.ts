/**
 * What the browser benchmark injects into the page before any of the page's
 * own scripts run (page.addInitScript): a requestAnimationFrame loop for frame
 * times, a long-task observer, and the book's frame-to-paint bookkeeping.
 * `installProbe` is serialised by Playwright, so it must stay self-contained
 * (no imports, no closures over this module).
 *
 * Frame-to-paint of a book version:
 * - start: the moment the version is applied to the page's mergedDepth store.
 *   The probe wraps `apply` of the live mergedDepth stores of the symbol
 *   (reached through window.spotRealtimeDebug.getStore). Subscribing to the
 *   store would start the clock late: stores notify in the next animation
 *   frame, so the wait for that frame would be hidden.
 * - end: the first paint that shows it. A MutationObserver sees the book's
 *   `data-book-version` change. A change made during a frame's rendering
 *   steps (after the frame's requestAnimationFrame callbacks began, which is
 *   where React commits store updates) is painted by that frame; a change made
 *   in an ordinary task is painted by the next frame. The paint is taken as
 *   done when a message posted from the frame's rAF callback is delivered:
 *   that task runs right after the frame's rendering (style, layout, paint).
 * - a version replaced by a newer one before any paint is "not painted".
 */

export interface ProbeConfig {
  symbol: string;
}

export interface ProbeResult {
  /** performance.now() of start() and stop() */
  t0: number;
  t1: number;
  /** rAF timestamp deltas between start() and stop(), ms */
  frameDeltas: number[];
  longTasks: Array<{ start: number; duration: number }>;
  /** Long Animation Frames (≥ 50 ms) with the scripts Chromium attributes them to */
  longFrames: LongFrame[];
  framesReceived: number;
  /** per instrumented store: [version, applied at] in application order */
  stores: Array<{ key: string; clock: 'apply' | 'notify'; applied: Array<[string, number]> }>;
  /** versions the book showed in a painted frame, [version, painted at, DOM changed at] */
  painted: Array<[string, number, number]>;
  /** DOM versions replaced before a paint showed them, while measuring */
  overwritten: number;
  /** whether a [data-testid="orderbook"] element with data-book-version was ever seen */
  bookAttribute: boolean;
  bookElement: boolean;
}

export interface LongFrame {
  start: number;
  duration: number;
  scripts: Array<{ invoker: string; source: string; duration: number }>;
}

export interface ProbeApi {
  start(): void;
  stop(): void;
  result(): ProbeResult;
  /** wraps the symbol's live mergedDepth stores not wrapped yet; returns their keys */
  instrument(): string[];
}

export function installProbe(config: ProbeConfig): void {
  type Book = { version: string } | null;
  type Store = { get(): { book?: Book }; subscribe(listener: () => void): () => void; apply?: (push: unknown) => unknown; benchWrapped?: boolean };
  type Client = { getStore(spec: unknown): Store; stats(): { framesReceived: number; liveSubscriptions: string[] } };
  const w = window as unknown as { spotRealtimeDebug?: Client; spotBenchProbe?: unknown };

  let measuring = false;
  let t0 = 0;
  let t1 = 0;
  let framesAtStart = 0;
  let framesAtStop = 0;
  let lastFrameTs: number | null = null;
  let frameDeltas: number[] = [];
  const longTasks: Array<{ start: number; duration: number }> = [];
  const longFrames: LongFrame[] = [];
  const stores: ProbeResult['stores'] = [];
  const painted: ProbeResult['painted'] = [];
  let overwritten = 0;
  let bookAttribute = false;

  // Long tasks: the browser's own > 50 ms measure (buffered, so none before the observer is lost).
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no longtask support: the result then shows none
  }
  // Long Animation Frames name the scripts behind a slow frame (Chromium 123+); only used to explain.
  type ScriptTiming = { invoker?: string; sourceURL?: string; sourceFunctionName?: string; duration: number };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const scripts = ((entry as unknown as { scripts?: ScriptTiming[] }).scripts ?? []).map((s) => ({
          invoker: s.invoker ?? '',
          source: `${(s.sourceURL ?? '').split('/').pop() ?? ''}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''}`,
          duration: s.duration,
        }));
        longFrames.push({ start: entry.startTime, duration: entry.duration, scripts });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // not supported: nothing to explain with
  }

  // Frames: rendering is true from this frame's rAF callback until the task after its paint.
  let rendering = false;
  let thisFrame: Array<[string, number]> = [];
  let nextFrame: Array<[string, number]> = [];
  const afterPaint = new MessageChannel();
  afterPaint.port1.onmessage = () => {
    rendering = false;
    const at = performance.now();
    const last = thisFrame.at(-1);
    if (last) {
      painted.push([last[0], at, last[1]]);
      if (measuring) overwritten += thisFrame.length - 1;
    }
    thisFrame = [];
  };
  const loop = (ts: number) => {
    if (measuring && lastFrameTs !== null) frameDeltas.push(ts - lastFrameTs);
    lastFrameTs = ts;
    rendering = true;
    // Changes made between frames are painted by this one.
    thisFrame.push(...nextFrame);
    nextFrame = [];
    afterPaint.port2.postMessage(0);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);

  let shown: string | null = null;
  new MutationObserver((records) => {
    const at = performance.now();
    for (const record of records) {
      const target = record.target as Element;
      if (target.getAttribute('data-testid') !== 'orderbook') continue;
      const version = target.getAttribute('data-book-version');
      if (version === null) continue;
      bookAttribute = true;
      // '' is the book before its first version
      if (version === '' || version === shown) continue;
      shown = version;
      (rendering ? thisFrame : nextFrame).push([version, at]);
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-book-version'] });

  const instrument = (): string[] => {
    const client = w.spotRealtimeDebug;
    if (!client) return [];
    const prefix = `mergedDepth:${config.symbol}:dumpScale=`;
    for (const key of client.stats().liveSubscriptions) {
      if (!key.startsWith(prefix) || stores.some((s) => s.key === key)) continue;
      const store = client.getStore({ topic: 'mergedDepth', symbol: config.symbol, dumpScale: Number(key.slice(prefix.length)) });
      const entry: ProbeResult['stores'][number] = { key, clock: 'apply', applied: [] };
      let last: string | null = null;
      const record = () => {
        const version = store.get().book?.version;
        if (!version || version === last) return;
        last = version;
        entry.applied.push([version, performance.now()]);
      };
      const original = store.apply;
      if (typeof original === 'function' && !store.benchWrapped) {
        store.apply = (push: unknown) => {
          const outcome = original.call(store, push);
          record();
          return outcome;
        };
        store.benchWrapped = true;
      } else {
        // A store without a reachable apply: its notification (next frame) is the best start there is.
        entry.clock = 'notify';
        store.subscribe(record);
      }
      stores.push(entry);
    }
    return stores.map((s) => s.key);
  };
  // The book may subscribe late or change its merge step: keep looking.
  setInterval(instrument, 500);

  const api = {
    start() {
      t0 = performance.now();
      frameDeltas = [];
      lastFrameTs = null;
      framesAtStart = w.spotRealtimeDebug?.stats().framesReceived ?? 0;
      measuring = true;
    },
    stop() {
      measuring = false;
      t1 = performance.now();
      framesAtStop = w.spotRealtimeDebug?.stats().framesReceived ?? 0;
    },
    result: (): ProbeResult => ({
      t0,
      t1,
      frameDeltas,
      longTasks: longTasks.filter((t) => t.start >= t0 && t.start < t1),
      longFrames: longFrames.filter((f) => f.start >= t0 && f.start < t1),
      framesReceived: framesAtStop - framesAtStart,
      stores,
      painted,
      overwritten,
      bookAttribute,
      bookElement: document.querySelector('[data-testid="orderbook"]') !== null,
    }),
    instrument,
  };
  w.spotBenchProbe = api;
}
