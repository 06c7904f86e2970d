/**
 * Test support for the local server's hostile-input fuzz (fuzz.test.ts):
 * fast-check arbitraries of malformed and hostile requests and socket frames,
 * and a raw HTTP client that sends exactly the bytes and headers asked (no
 * fetch normalisation), answering a status, a dropped connection or a timeout.
 */
import { request as httpRequest, Agent } from 'node:http';
import * as fc from 'fast-check';

/** One REST path of the server as its handlers register it. */
export interface Endpoint {
  method: 'GET' | 'POST';
  path: string;
  /** the family the counts are printed by: `spot/api`, `user/api`, `mock/api`, … */
  family: string;
  /** body fields (POST) or query parameters (GET) the docs name for it */
  fields: readonly string[];
}

/** Everything a request of the fuzz is. */
export interface FuzzRequest {
  endpoint: Endpoint;
  method: string;
  /** the raw path and query, sent as is (percent-encoding errors included) */
  target: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** what this case is, for the failure message */
  label: string;
}

export type Outcome = { kind: 'status'; status: number; /** the answer's first 64 KB */ body: string } | { kind: 'dropped'; error: string } | { kind: 'timeout' };

// ---------------------------------------------------------------- values

const MB = 1 << 20;
/** Built once: a 1 MB string costs time to make, not to reuse. */
export const HUGE = 'x'.repeat(MB);
export const DEEP_ARRAY = '['.repeat(10_000) + ']'.repeat(10_000);
export const DEEP_OBJECT = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

/** Strings that break naive parsers: numbers that are not, surrogates, prototype names, markup. */
export const HOSTILE_STRINGS: readonly string[] = [
  '', ' ', '\t\n', 'NaN', '-NaN', 'Infinity', '-Infinity', '1e309', '-1e309', '1e-400', '1e21', '1E+2', '0x10', '0b11', '0o7',
  '-0', '+1', '.5', '5.', '1_000', '١٢٣', '9'.repeat(400), '0.'.padEnd(500, '1'), '1,000', '1 000', 'null', 'undefined', 'true',
  '\uD800', '\uDC00', 'a\uD800b', '\uFFFF', '\u0000', '\u202E', '%E0%A4%A', '%00', '__proto__', 'constructor', 'prototype',
  'toString', 'hasOwnProperty', '<script>alert(1)</script>', "'; DROP TABLE users;--", '../../../../etc/passwd', '${7*7}',
  'BTCUSDT\u0000', 'btcusdt', 'BTCUSDT,', ',', 'ALL', 'a'.repeat(5000),
];

export const HOSTILE_NUMBERS: readonly number[] = [
  0, -0, -1, 0.5, 1e-320, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER - 2, Number.MAX_VALUE, -Number.MAX_VALUE, 1e21, 2 ** 31, -(2 ** 31), 2 ** 64,
];

/** Keys that pollute a prototype when a handler copies objects carelessly. */
export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const protoObject = (): fc.Arbitrary<string> =>
  fc.constantFrom(
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"prototype":{"polluted":"yes"},"__proto__":{"polluted":"yes","toString":"x"}}',
    '{"__proto__":[],"constructor":1,"prototype":null}',
  );

/** A JSON-able hostile value (as JSON text, so `__proto__` keys survive as own keys). */
export function hostileJson(depth = 2): fc.Arbitrary<string> {
  const leaf: fc.Arbitrary<string> = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS).map((s) => JSON.stringify(s)),
    fc.constantFrom(...HOSTILE_NUMBERS).map((n) => JSON.stringify(n)),
    fc.constantFrom('null', 'true', 'false', '[]', '{}', '1e999', '-1e999', '1e-999', '123456789012345678901234567890', '0.1e1', '-0.0'),
    fc.string({ unit: 'grapheme-composite', maxLength: 30 }).map((s) => JSON.stringify(s)),
    fc.double().map((d) => (Number.isFinite(d) ? JSON.stringify(d) : '"' + String(d) + '"')),
    protoObject(),
  );
  if (depth <= 0) return leaf;
  const inner = hostileJson(depth - 1);
  return fc.oneof(
    { weight: 4, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(inner, { maxLength: 4 }).map((items) => `[${items.join(',')}]`) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS, 'a', '', '\uD800'), fc.string({ maxLength: 8 })), inner), { maxLength: 4 })
        .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
    },
  );
}

/** A raw request body: JSON objects with the endpoint's fields set to hostile values, and everything that is not one. */
export function hostileBody(fields: readonly string[], validEnums: Readonly<Record<string, readonly string[]>> = {}, base?: Readonly<Record<string, unknown>>): fc.Arbitrary<{ label: string; text: string | Buffer }> {
  const fieldValue = (name: string): fc.Arbitrary<string> => {
    const valid = validEnums[name];
    return valid ? fc.oneof(fc.constantFrom(...valid).map((v) => JSON.stringify(v)), hostileJson()) : hostileJson();
  };
  const fieldObject = fc
    .tuple(
      fc.subarray([...fields]).chain((names) => fc.tuple(...names.map((n) => fieldValue(n).map((v) => [n, v] as const)))),
      fc.array(fc.tuple(fc.constantFrom(...PROTO_KEYS, 'extra', 'x'.repeat(300)), hostileJson(1)), { maxLength: 2 }),
    )
    .map(([own, extra]) => `{${[...own, ...extra].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`);
  return fc.oneof(
    ...(base ? [{ weight: 10, arbitrary: mutatedBody(base, fields) }] : []),
    { weight: 8, arbitrary: fieldObject.map((text) => ({ label: 'fields', text })) },
    { weight: 1, arbitrary: hostileJson(3).map((text) => ({ label: 'json value', text })) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        { label: 'empty', text: '' },
        { label: 'invalid json', text: '{' },
        { label: 'invalid json', text: '{"a":' },
        { label: 'invalid json', text: "{'a':1}" },
        { label: 'invalid json', text: 'not json' },
        { label: 'invalid json', text: '{"a":1,}' },
        { label: 'invalid json', text: '\uFEFF{}' },
        { label: 'invalid utf-8', text: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0xed, 0xa0, 0x80, 0x22, 0x7d]) },
        { label: 'nul bytes', text: Buffer.alloc(64) },
        { label: 'array body', text: '[{"symbol_id":"BTCUSDT"}]' },
        { label: 'deep array', text: DEEP_ARRAY },
        { label: 'deep object', text: DEEP_OBJECT },
        { label: 'huge string field', text: `{${fields.length ? JSON.stringify(fields[0]) : '"a"'}:"${HUGE}"}` },
        { label: 'huge body', text: HUGE },
        { label: 'huge number', text: `{"n":${'9'.repeat(MB / 4)}}` },
        { label: 'many keys', text: `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}` },
        { label: 'proto', text: '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}' },
      ),
    },
  );
}

/**
 * A valid body with one to three fields broken: deleted, or set to a hostile
 * value (a wrong type, a huge or NaN-like number, a surrogate, a prototype
 * object) — so the checks behind the first one are reached too.
 */
export function mutatedBody(base: Readonly<Record<string, unknown>>, fields: readonly string[]): fc.Arbitrary<{ label: string; text: string }> {
  // A call that takes no fields (a bare confirmation) is still sent one it does not expect.
  const names = [...new Set([...Object.keys(base), ...fields])];
  if (names.length === 0) names.push('unexpected');
  const change = fc.tuple(fc.constantFrom(...names), fc.option(hostileJson(2), { freq: 4, nil: undefined }));
  return fc.array(change, { minLength: 1, maxLength: 3 }).map((changes) => {
    const entries = new Map(Object.entries(base).map(([k, v]) => [k, JSON.stringify(v)] as [string, string]));
    for (const [name, value] of changes) {
      if (value === undefined) entries.delete(name);
      else entries.set(name, value);
    }
    return { label: `valid but ${changes.map(([n, v]) => (v === undefined ? `no ${n}` : `bad ${n}`)).join(', ')}`, text: `{${[...entries].map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}` };
  });
}

/** A valid query with one or two parameters broken (raw, so encoding errors stay). */
export function mutatedQuery(base: Readonly<Record<string, string>>): fc.Arbitrary<{ label: string; query: string }> {
  const names = Object.keys(base);
  const bad = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS).map(encode), fc.constantFrom('%E0%A4%A', '%', '%ED%A0%80', '%00'));
  return fc.array(fc.tuple(fc.constantFrom(...names), fc.option(bad, { freq: 4, nil: undefined })), { minLength: 1, maxLength: 2 }).map((changes) => {
    const entries = new Map(Object.entries(base).map(([k, v]) => [k, encode(v)] as [string, string]));
    for (const [name, value] of changes) {
      if (value === undefined) entries.delete(name);
      else entries.set(name, value);
    }
    return { label: `valid but ${changes.map(([n, v]) => (v === undefined ? `no ${n}` : `bad ${n}`)).join(', ')}`, query: [...entries].map(([k, v]) => `${k}=${v}`).join('&') };
  });
}

/** Encodes a query value's UTF-8 bytes (a lone surrogate becomes U+FFFD, as a browser sends it). */
const encode = (value: string) => [...Buffer.from(value, 'utf8')].map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');

/** Raw query pieces: encoded hostile values, raw percent-encoding errors, repeats, absurd lengths. */
export function hostileQuery(params: readonly string[], base?: Readonly<Record<string, string>>): fc.Arbitrary<{ label: string; query: string }> {
  const names = params.length ? params : ['symbol'];
  const pair = fc.tuple(
    fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS, '', '%', '[]', 'a[b]') }),
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encode) },
      { weight: 2, arbitrary: fc.constantFrom('%E0%A4%A', '%', '%%', '%zz', '%ED%A0%80', '%C0%AF', '%FF%FE', '%00', '%2', '+%2B+', '%25%') },
      { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map(encode) },
    ),
  );
  return fc.oneof(
    ...(base ? [{ weight: 6, arbitrary: mutatedQuery(base) }] : []),
    { weight: 6, arbitrary: fc.array(pair, { minLength: 0, maxLength: 5 }).map((pairs) => ({ label: 'params', query: pairs.map(([k, v]) => `${k}=${v}`).join('&') })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names), fc.integer({ min: 2, max: 300 })).map(([n, times]) => ({ label: 'repeated param', query: Array.from({ length: times }, (_, i) => `${n}=${i}`).join('&') })) },
    { weight: 1, arbitrary: fc.constantFrom(4_000, 15_000, 40_000).map((len) => ({ label: `long url ${len}`, query: `${names[0]}=${'A'.repeat(len)}` })) },
    { weight: 1, arbitrary: fc.constantFrom('&&&', '=', '==', '?', '#frag', ';a=b', '&=&=').map((query) => ({ label: 'odd query', query })) },
  );
}

export const FOREIGN = 'evil.example';

/** Headers: mostly the proper ones (so the handlers themselves get fuzzed), sometimes hostile or foreign. */
type Headed = { label: string; headers: Record<string, string> };

export function hostileHeaders(method: string, proper: Record<string, string>): fc.Arbitrary<Headed> {
  const json: Record<string, string> = method === 'POST' ? { 'content-type': 'application/json' } : {};
  const base = { ...proper, ...json };
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant<Headed>({ label: 'proper headers', headers: base }) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<Headed>(
        { label: 'no content-type', headers: { ...proper } },
        { label: 'text/plain', headers: { ...proper, 'content-type': 'text/plain' } },
        { label: 'form', headers: { ...proper, 'content-type': 'application/x-www-form-urlencoded' } },
        { label: 'multipart', headers: { ...proper, 'content-type': 'multipart/form-data; boundary=x' } },
        { label: 'json charset', headers: { ...base, 'content-type': 'application/json; charset=utf-16' } },
        { label: 'odd content-type', headers: { ...base, 'content-type': ';;;/;=' } },
        { label: 'foreign host', headers: { ...base, host: FOREIGN } },
        { label: 'foreign origin', headers: { ...base, origin: `https://${FOREIGN}` } },
        { label: 'null origin', headers: { ...base, origin: 'null' } },
        { label: 'no token', headers: { ...json } },
        { label: 'bad bearer', headers: { ...base, authorization: 'Bearer \u00ff\u00fe' } },
        { label: 'bad cookie', headers: { ...base, cookie: 'spot_session=%E0%A4%A; spot_session=__proto__; =;;' } },
        { label: 'long header', headers: { ...base, 'x-trace-id': 'T'.repeat(8_000) } },
      ),
    },
  );
}

// ---------------------------------------------------------------- sockets

/** A frame for a socket: text (garbage, hostile JSON, huge) or binary. */
export type SocketFrame = { label: string; data: string | Buffer };

const TOPICS = ['mergedDepth', 'depth', 'diffDepth', 'trade', 'kline_1m', 'kline', 'realtimes', 'notice', 'instrumentInfo', 'order_new', 'user.uta.spot.order', 'strategy', 'lt_order'];

export function hostileFrame(): fc.Arbitrary<SocketFrame> {
  const request = fc
    .record(
      {
        symbol: fc.oneof(fc.constantFrom('BTCUSDT', 'ALL', 'BTCUSDT,ETHUSDT', 'NOPE').map((s) => JSON.stringify(s)), hostileJson(1)),
        topic: fc.oneof(fc.constantFrom(...TOPICS).map((s) => JSON.stringify(s)), hostileJson(1)),
        event: fc.oneof(fc.constantFrom('sub', 'cancel', 'auth').map((s) => JSON.stringify(s)), hostileJson(1)),
        limit: hostileJson(1),
        params: fc.oneof(hostileJson(2), hostileJson(1).map((d) => `{"dumpScale":${d},"binary":${d},"token":${d},"klineType":${d}}`)),
        ping: hostileJson(1),
      },
      { requiredKeys: [] },
    )
    .map((r) => `{${Object.entries(r).map(([k, v]) => `"${k}":${v}`).join(',')}}`);
  return fc.oneof(
    { weight: 6, arbitrary: request.map((data) => ({ label: 'request', data })) },
    { weight: 2, arbitrary: hostileJson(3).map((data) => ({ label: 'json value', data })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((data) => ({ label: 'garbage text', data })) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => ({ label: 'binary', data: Buffer.from(bytes) })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<SocketFrame>(
        { label: 'empty', data: '' },
        { label: 'invalid json', data: '{"event":"sub",' },
        { label: 'deep', data: DEEP_ARRAY },
        { label: 'deep object', data: DEEP_OBJECT },
        { label: 'huge', data: `{"event":"sub","topic":"trade","symbol":"${HUGE}"}` },
        { label: 'proto', data: '{"__proto__":{"polluted":"yes"},"event":"sub","topic":"trade","symbol":"BTCUSDT","params":{"__proto__":{"polluted":"yes"}}}' },
        { label: 'auth proto', data: '{"event":"auth","params":{"token":{"__proto__":{"polluted":"yes"}}}}' },
        { label: 'binary json', data: Buffer.from('{"ping":1}') },
      ),
    },
  );
}

/** Rapid subscribe / cancel of nonsense and real topics, the same frames over and over. */
export function subscribeStorm(): fc.Arbitrary<SocketFrame[]> {
  const one = fc
    .tuple(fc.constantFrom('sub', 'cancel'), fc.constantFrom(...TOPICS, 'nonsense', '__proto__', '', 'kline_99y'), fc.constantFrom('BTCUSDT', 'ALL', 'ZZZ', '__proto__', ''))
    .map(([event, topic, symbol]) => ({ label: 'storm', data: JSON.stringify({ event, topic, symbol, params: { dumpScale: 1 } }) }));
  return fc.array(one, { minLength: 10, maxLength: 60 });
}

// ---------------------------------------------------------------- transport

/**
 * Keep-alive connections, as browsers use them: an answer that leaves part of
 * a request in the connection shows as the next request's hang.
 * FUZZ_KEEPALIVE=0 opens a connection per request instead.
 */
const agent = new Agent({ keepAlive: process.env.FUZZ_KEEPALIVE !== '0', maxSockets: 8 });

/** A keep-alive agent of one connection, whatever FUZZ_KEEPALIVE says (close it with `destroy()`). */
export const singleConnection = () => new Agent({ keepAlive: true, maxSockets: 1 });

/** Sends one raw request; never rejects. */
export function sendRaw(port: number, req: Pick<FuzzRequest, 'method' | 'target' | 'headers' | 'body'>, timeoutMs: number, via: Agent = agent): Promise<Outcome> {
  return new Promise<Outcome>((resolve) => {
    let settled = false;
    const done = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      done({ kind: 'timeout' });
      client.destroy();
    }, timeoutMs);
    let client: ReturnType<typeof httpRequest>;
    // content-length always: Node's client frames no body of a DELETE or OPTIONS by itself, and the server
    // would read the body as the next request
    try {
      client = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.target, headers: { host: `127.0.0.1:${port}`, ...(req.body ? { 'content-length': String(req.body.length) } : {}), ...req.headers }, agent: via });
    } catch (error) {
      // the client itself refuses (an illegal header or path): nothing was sent
      clearTimeout(timer);
      settled = true;
      resolve({ kind: 'dropped', error: `client refused: ${(error as Error).message}` });
      return;
    }
    client.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < 65_536) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => done({ kind: 'status', status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8', 0, 65_536) }));
      res.on('error', (error) => done({ kind: 'dropped', error: error.message }));
    });
    client.on('error', (error) => done({ kind: 'dropped', error: error.message }));
    client.end(req.body);
  });
}

export function closeAgent(): void {
  agent.destroy();
}
