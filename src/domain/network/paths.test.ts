import { describe, expect, it } from 'vitest';
import { ACCELERATED_PATH_PREFIXES, isAcceleratedPath, matchesExclude, onHost, parseHost, pathOnly } from './paths';

describe('accelerated path prefixes (spec 2 §7)', () => {
  it.each(ACCELERATED_PATH_PREFIXES)('%s is eligible as it stands', (prefix) => {
    expect(isAcceleratedPath(prefix, [])).toBe(true);
  });

  it.each(ACCELERATED_PATH_PREFIXES.filter((p) => p.endsWith('/')))('a sub-path of %s is eligible', (prefix) => {
    expect(isAcceleratedPath(`${prefix}list`, [])).toBe(true);
    expect(isAcceleratedPath(`${prefix}a/b/c`, [])).toBe(true);
  });

  it.each(ACCELERATED_PATH_PREFIXES.filter((p) => !p.endsWith('/')))('%s continues at a path boundary only', (prefix) => {
    expect(isAcceleratedPath(`${prefix}/more`, [])).toBe(true);
    expect(isAcceleratedPath(`${prefix}x`, [])).toBe(false);
    expect(isAcceleratedPath(`${prefix}-v2`, [])).toBe(false);
  });

  it('look-alikes of a prefix stay on the origin', () => {
    for (const path of ['/spot/api/orderx', '/spot/api/orderx/create', '/user/api/profilex', '/logoutx', '/spot/api/assets/list', '/spot/api/order', '/spot/api/lt']) {
      expect(isAcceleratedPath(path, []), path).toBe(false);
    }
  });

  it('paths outside every prefix stay on the origin', () => {
    for (const path of ['/', '', '/spot/api/basic/network_config', '/spot/api/proxy-switch', '/monitor/api/report', '/mock/api/net', '/user/api/login', '/x/spot/api/order/list']) {
      expect(isAcceleratedPath(path, []), path).toBe(false);
    }
  });

  it('the query and fragment do not count towards the prefix match', () => {
    expect(isAcceleratedPath('/spot/api/quote/v5/klines?symbol=BTCUSDT&interval=1m', [])).toBe(true);
    expect(isAcceleratedPath('/logout#now', [])).toBe(true);
    expect(isAcceleratedPath('/logoutx?a=/logout', [])).toBe(false);
  });
});

describe('exclude patterns', () => {
  it('a literal pattern matches the whole path only', () => {
    expect(matchesExclude('/spot/api/order/pnl', '/spot/api/order/pnl')).toBe(true);
    expect(matchesExclude('/spot/api/order/pnl/day', '/spot/api/order/pnl')).toBe(false);
    expect(matchesExclude('/spot/api/order/pn', '/spot/api/order/pnl')).toBe(false);
    expect(matchesExclude('/x/spot/api/order/pnl', '/spot/api/order/pnl')).toBe(false);
  });

  it('* matches any run of characters, including none and slashes', () => {
    expect(matchesExclude('/spot/api/order/pnl', '/spot/api/order/*')).toBe(true);
    expect(matchesExclude('/spot/api/order/', '/spot/api/order/*')).toBe(true);
    expect(matchesExclude('/spot/api/order/a/b/c', '/spot/api/order/*')).toBe(true);
    expect(matchesExclude('/spot/api/asset/x', '/spot/api/order/*')).toBe(false);
    expect(matchesExclude('/spot/api/order/history/list', '/spot/api/*/list')).toBe(true);
    expect(matchesExclude('/spot/api/order/history/listing', '/spot/api/*/list')).toBe(false);
    expect(matchesExclude('/spot/api/order/pnl', '/*')).toBe(true);
  });

  it('several stars: the pieces in order, not overlapping', () => {
    expect(matchesExclude('/spot/api/order/v2/open/list', '/spot/*/v2/*/list')).toBe(true);
    expect(matchesExclude('/spot/api/order/open/list', '/spot/*/v2/*/list')).toBe(false);
    expect(matchesExclude('/ab', '/a*b*b')).toBe(false); // "b" cannot serve both the middle and the end
    expect(matchesExclude('/abb', '/a*b*b')).toBe(true);
    expect(matchesExclude('/aXbYb', '/a*b*b')).toBe(true);
    expect(matchesExclude('/a', '/a*a')).toBe(false); // first and last do not share the "a"
  });

  it('other glob or regex characters are literal', () => {
    expect(matchesExclude('/spot/api/order/pnl', '/spot/api/order/pn?')).toBe(false);
    expect(matchesExclude('/spot/api/order/pn?', '/spot/api/order/pn?')).toBe(true);
    expect(matchesExclude('/spot/api/order/pnl', '/spot/api/order/.*')).toBe(false);
    expect(matchesExclude('/spot/api/order/[x]', '/spot/api/order/[x]')).toBe(true);
  });

  it('a malformed pattern matches nothing', () => {
    const path = '/spot/api/order/pnl';
    for (const pattern of [42, null, undefined, {}, ['/spot/api/order/pnl'], '', '*', 'spot/api/order/pnl', '*/order/pnl', `/${'*'.repeat(200)}`]) {
      expect(matchesExclude(path, pattern), String(pattern)).toBe(false);
    }
    // exactly at the limit it still counts
    const atLimit = `/spot/api/order/pnl${'*'.repeat(200 - '/spot/api/order/pnl'.length)}`;
    expect(atLimit).toHaveLength(200);
    expect(matchesExclude(path, atLimit)).toBe(true);
    expect(matchesExclude(path, `${atLimit}*`)).toBe(false);
  });

  it('excludes keep an eligible path on the origin; the query is not part of the match', () => {
    const excludes = ['/spot/api/order/pnl', '/spot/api/asset/*/history'];
    expect(isAcceleratedPath('/spot/api/order/pnl', excludes)).toBe(false);
    expect(isAcceleratedPath('/spot/api/order/pnl?day=1', excludes)).toBe(false);
    expect(isAcceleratedPath('/spot/api/order/list', excludes)).toBe(true);
    expect(isAcceleratedPath('/spot/api/asset/BTC/history', excludes)).toBe(false);
    expect(isAcceleratedPath('/spot/api/asset/BTC/history/more', excludes)).toBe(true);
  });

  it('a malformed exclude list entry does not stop the good ones', () => {
    const excludes = [7, '', 'spot/api/order/pnl', '/spot/api/order/pnl'] as unknown as string[];
    expect(isAcceleratedPath('/spot/api/order/pnl', excludes)).toBe(false);
    expect(isAcceleratedPath('/spot/api/order/list', excludes)).toBe(true);
    expect(isAcceleratedPath('/spot/api/order/list', [7, 'spot/*'] as unknown as string[])).toBe(true);
  });
});

describe('path rewrite', () => {
  it('pathOnly drops the query and the fragment', () => {
    expect(pathOnly('/spot/api/quote/v5/klines?symbol=BTCUSDT')).toBe('/spot/api/quote/v5/klines');
    expect(pathOnly('/logout#x?y')).toBe('/logout');
    expect(pathOnly('/a?b#c')).toBe('/a');
    expect(pathOnly('/plain')).toBe('/plain');
    expect(pathOnly('')).toBe('');
  });

  it('onHost puts the path and its query on the host as they are', () => {
    expect(onHost('https://h3.sim.invalid', '/spot/api/quote/v5/klines?symbol=BTCUSDT&limit=500')).toBe(
      'https://h3.sim.invalid/spot/api/quote/v5/klines?symbol=BTCUSDT&limit=500',
    );
    expect(onHost('', '/spot/api/order/list?page=2')).toBe('/spot/api/order/list?page=2');
    expect(onHost('http://127.0.0.1:5174', '/line/2/spot/api/asset/list?a=%20b')).toBe('http://127.0.0.1:5174/line/2/spot/api/asset/list?a=%20b');
  });
});

describe('parseHost', () => {
  it('accepts http and https origins, as origins', () => {
    expect(parseHost('https://h3.sim.invalid')).toBe('https://h3.sim.invalid');
    expect(parseHost('https://cdn.sim.invalid/')).toBe('https://cdn.sim.invalid');
    expect(parseHost('http://127.0.0.1:5174')).toBe('http://127.0.0.1:5174');
    expect(parseHost('HTTPS://CDN.Sim.Invalid')).toBe('https://cdn.sim.invalid');
    expect(parseHost('https://h3.sim.invalid:443')).toBe('https://h3.sim.invalid');
  });

  it('rejects paths, queries, fragments and credentials', () => {
    for (const value of [
      'https://h3.sim.invalid/api',
      'https://h3.sim.invalid/api/',
      'https://h3.sim.invalid?x=1',
      'https://h3.sim.invalid/#frag',
      'https://user@h3.sim.invalid',
      'https://user:pw@h3.sim.invalid',
      'https://:pw@h3.sim.invalid',
    ]) {
      expect(parseHost(value), value).toBeNull();
    }
  });

  it('rejects other schemes and junk', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript://h3.sim.invalid',
      'data:text/plain,hi',
      'ftp://h3.sim.invalid',
      'ws://h3.sim.invalid',
      'file:///etc/passwd',
      'h3.sim.invalid',
      '//h3.sim.invalid',
      '/spot/api',
      '',
      'https://',
      'not a url',
      `https://${'a'.repeat(200)}.invalid`,
      null,
      undefined,
      42,
      {},
      ['https://h3.sim.invalid'],
    ]) {
      expect(parseHost(value), String(value)).toBeNull();
    }
  });
});
