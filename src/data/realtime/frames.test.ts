import { describe, expect, it } from 'vitest';
import { pushFrame } from './fakeSocket.testkit';
import { parseFrame, type InboundFrame, type Push } from './frames';
import { requestFrame, streamKey } from './streams';

const json = (value: unknown) => JSON.stringify(value);

function frame(value: unknown): InboundFrame {
  const result = parseFrame(json(value));
  if (!result.ok) throw new Error(`rejected: ${result.rejection.reason} ${result.rejection.detail}`);
  return result.frame;
}

function push(value: unknown): Push {
  const parsed = frame(value);
  if (parsed.kind !== 'push') throw new Error(`not a push: ${parsed.kind}`);
  return parsed.push;
}

function rejection(value: unknown) {
  const result = parseFrame(typeof value === 'string' ? value : json(value));
  if (result.ok) throw new Error('accepted');
  return result.rejection.reason;
}

const book = { s: 'BTCUSDT', t: 1, v: '7', b: [['100.5', '1.2']], a: [['101', '0.3']] };

describe('request frames', () => {
  it('are exactly the documented sub and cancel frames', () => {
    expect(JSON.parse(requestFrame({ topic: 'mergedDepth', symbol: 'BTCUSDT', dumpScale: 1 }, 'sub'))).toEqual({
      symbol: 'BTCUSDT',
      topic: 'mergedDepth',
      event: 'sub',
      limit: 40,
      params: { dumpScale: 1, binary: false },
    });
    expect(JSON.parse(requestFrame({ topic: 'kline', symbol: 'ETHUSDT', interval: '15m' }, 'cancel'))).toEqual({
      symbol: 'ETHUSDT',
      topic: 'kline_15m',
      event: 'cancel',
      limit: 1,
    });
    // Spec 1 §5: the latest trades ask for 40, the bar being drawn for 1.
    expect(JSON.parse(requestFrame({ topic: 'trade', symbol: 'BTCUSDT' }, 'sub'))).toEqual({ symbol: 'BTCUSDT', topic: 'trade', event: 'sub', limit: 40 });
  });

  it('key streams by topic, symbol and the params that select a stream', () => {
    expect(streamKey({ topic: 'mergedDepth', symbol: 'BTCUSDT', dumpScale: -1 })).toBe('mergedDepth:BTCUSDT:dumpScale=-1');
    expect(streamKey({ topic: 'kline', symbol: 'BTCUSDT', interval: '1m' })).not.toBe(streamKey({ topic: 'kline', symbol: 'BTCUSDT', interval: '1M' }));
    expect(streamKey({ topic: 'trade', symbol: 'BTCUSDT' })).toBe('trade:BTCUSDT');
  });
});

describe('parseFrame: control frames', () => {
  it('reads a pong', () => {
    expect(frame({ pong: 1767225600000 })).toEqual({ kind: 'pong', pong: 1767225600000 });
  });

  it('reads an acknowledgement', () => {
    const ack = { symbol: 'BTCUSDT', topic: 'mergedDepth', event: 'sub', params: { dumpScale: 1, binary: false }, code: '0', msg: 'Success' };
    expect(frame(ack)).toEqual({ kind: 'ack', event: 'sub', topic: 'mergedDepth', symbol: 'BTCUSDT' });
  });

  it('reads error frames with and without the echoed request', () => {
    expect(frame({ symbol: 'BTCUSDT', topic: 'mergedDepth', event: 'sub', code: '-100009', desc: 'DumpScale error.' })).toEqual({
      kind: 'error',
      code: '-100009',
      desc: 'DumpScale error.',
      event: 'sub',
      topic: 'mergedDepth',
      symbol: 'BTCUSDT',
    });
    expect(frame({ code: '-100001', desc: 'Invalid request.' })).toMatchObject({ kind: 'error', code: '-100001', topic: null, symbol: null });
  });
});

describe('parseFrame: pushes of every topic', () => {
  it('mergedDepth carries its dumpScale', () => {
    const p = push(pushFrame('mergedDepth', 'BTCUSDT', [book], { f: true, sendTime: 5, params: { dumpScale: -1, binary: false } }));
    expect(p).toMatchObject({ topic: 'mergedDepth', symbol: 'BTCUSDT', dumpScale: -1, f: true, sendTime: 5 });
    expect(p.data[0]).toMatchObject({ v: '7', b: [['100.5', '1.2']] });
  });

  it('depth and diffDepth', () => {
    expect(push(pushFrame('depth', 'BTCUSDT', [book])).topic).toBe('depth');
    const delta = push(pushFrame('diffDepth', 'BTCUSDT', [{ ...book, v: '8', pv: '7' }]));
    expect(delta.topic === 'diffDepth' && delta.data[0]?.pv).toBe('7');
    // the first push is a full book: no pv needed
    expect(push(pushFrame('diffDepth', 'BTCUSDT', [book], { f: true })).f).toBe(true);
  });

  it('trade, with integer ids read as strings', () => {
    const p = push(pushFrame('trade', 'BTCUSDT', [{ v: '12', t: 3, p: '100', q: '0.5', m: true }, { v: 11, t: 2, p: '99.5', q: '1', m: false }]));
    expect(p.topic === 'trade' && p.data.map((t) => t.v)).toEqual(['12', '11']);
  });

  it('kline, routed by params.klineType', () => {
    const bar = { t: 60_000, s: 'BTCUSDT', sn: 'BTCUSDT', c: '2', h: '3', l: '1', o: '1.5', v: '10' };
    const p = push(pushFrame('kline', 'BTCUSDT', [bar], { params: { klineType: '1m' } }));
    expect(p).toMatchObject({ topic: 'kline', interval: '1m' });
  });

  it('realtimes, notice and instrumentInfo', () => {
    const ticker = { t: 1, s: 'BTCUSDT', sn: 'BTCUSDT', c: '2', h: '3', l: '1', o: '1.5', v: '10', qv: '20', m: '-0.0190' };
    expect(push(pushFrame('realtimes', 'ALL', [ticker])).topic).toBe('realtimes');
    const notice = { symbolId: 'NEWUSDT', noticeType: 1, noticeContent: 'Opens soon', noticeLinkUrl: '', onlineTime: 10, nowTime: 5 };
    expect(push(pushFrame('notice', 'ALL', [notice])).topic).toBe('notice');
    const info = { symbolId: 'NEWUSDT', tradeStatus: 1, noticeVisible: true, isBanBuy: false, isBanSell: false };
    expect(push(pushFrame('instrumentInfo', 'ALL', [info])).topic).toBe('instrumentInfo');
  });
});

describe('parseFrame: rejections', () => {
  it('names what is wrong with the frame as a whole', () => {
    expect(parseFrame(new ArrayBuffer(2)).ok).toBe(false);
    expect(rejection('{"symbol":')).toBe('notJson');
    expect(rejection('[1,2]')).toBe('notObject');
    expect(rejection({ hello: 1 })).toBe('unknownFrame');
    expect(rejection({ pong: 'soon' })).toBe('unknownFrame');
    expect(rejection(pushFrame('weather', 'BTCUSDT', []))).toBe('unknownTopic');
  });

  it('rejects pushes whose fields do not fit the topic', () => {
    expect(rejection(pushFrame('depth', 'BTCUSDT', [{ ...book, b: [[100.5, '1']] }]))).toBe('badPush');
    expect(rejection(pushFrame('depth', 'BTCUSDT', [{ ...book, a: [['1e3', '1']] }]))).toBe('badPush');
    expect(rejection(pushFrame('depth', 'BTCUSDT', [{ ...book, v: 'seven' }]))).toBe('badPush');
    expect(rejection(pushFrame('diffDepth', 'BTCUSDT', [book]))).toBe('badPush');
    expect(rejection(pushFrame('mergedDepth', 'BTCUSDT', [book]))).toBe('badPush');
    expect(rejection(pushFrame('kline', 'BTCUSDT', [], { params: { klineType: '7m' } }))).toBe('badPush');
    expect(rejection(pushFrame('trade', 'BTCUSDT', [{ v: '1', t: 1, p: '1', q: '1', m: 'yes' }]))).toBe('badPush');
    expect(rejection({ ...pushFrame('trade', 'BTCUSDT', []), sendTime: 'now' })).toBe('badPush');
  });
});
