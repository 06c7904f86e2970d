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
