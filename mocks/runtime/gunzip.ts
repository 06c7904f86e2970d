/** Whether bytes start with the gzip magic 1f 8b (else they are plain JSON Lines: a server that sent the file with Content-Encoding: gzip has already inflated it). */
function isGzip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Text of a session file's bytes: gunzipped when they are gzip, else decoded as they are. */
export async function sessionBytesToText(bytes: Uint8Array): Promise<string> {
  if (!isGzip(bytes)) return new TextDecoder().decode(bytes);
  const body = new Response(bytes as Uint8Array<ArrayBuffer>).body;
  if (!body) return '';
  return new Response(body.pipeThrough(new DecompressionStream('gzip'))).text();
}

/**
 * The text of a session download as it arrives, inflated on the way when it
 * is gzip (the same test as `sessionBytesToText`), so parsing can start
 * before the last byte is in.
 */
export async function sessionTextStream(body: ReadableStream<Uint8Array>): Promise<ReadableStream<string>> {
  const reader = body.getReader();
  // Enough bytes to see the magic: a first chunk of one byte is legal.
  let head: Uint8Array = new Uint8Array(0);
  let ended = false;
  while (head.length < 2 && !ended) {
    const next = await reader.read();
    if (next.done) ended = true;
    else head = head.length === 0 ? next.value : concat(head, next.value);
  }
  const bytes = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length > 0) controller.enqueue(head);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const inflated = isGzip(head) ? bytes.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>) : bytes;
  return inflated.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
