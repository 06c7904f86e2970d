import { linesOf, openSession, type ReadOptions, type SessionStream } from './reader';

/** A gzip session fetched by the page: decompressed and split as it streams in. */
export function openSessionResponse(response: Response, options: ReadOptions = {}): Promise<SessionStream> {
  if (!response.body) throw new Error(`${options.file ?? 'session'}: empty response`);
  const text = response.body.pipeThrough(new DecompressionStream('gzip')).pipeThrough(new TextDecoderStream());
  return openSession(linesOf(text as unknown as AsyncIterable<string>), options);
}
