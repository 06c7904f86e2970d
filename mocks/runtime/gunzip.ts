/**
 * Text of a session file's bytes: gunzipped when they start with the gzip
 * magic 1f 8b, else taken as plain JSON Lines (a server that sent the file
 * with Content-Encoding: gzip has already inflated it).
 */
export async function sessionBytesToText(bytes: Uint8Array): Promise<string> {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return new TextDecoder().decode(bytes);
  const body = new Response(bytes as Uint8Array<ArrayBuffer>).body;
  if (!body) return '';
  return new Response(body.pipeThrough(new DecompressionStream('gzip'))).text();
}

/**
 * The text of a session download as it arrives, inflated on the way when its
 * first bytes are the gzip magic (as `sessionBytesToText` decides for a
 * whole file), so parsing can start before the last byte is in.
 */
export async function sessionTextStream(body: ReadableStream<Uint8Array>): Promise<ReadableStream<string>> {
  const reader = body.getReader();
  // Enough bytes to see the magic: a first chunk of one byte is legal.
  const head: Uint8Array[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < 2) {
    const next = await reader.read();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const first = head[0];
  const gzip = first !== undefined && (first.length > 1 ? first[1] : head[1]?.[0]) === 0x8b && first[0] === 0x1f;
  const bytes = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  const inflated = gzip ? bytes.pipeThrough(new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>) : bytes;
  return inflated.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
}
