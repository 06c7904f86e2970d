/** Tests: a stream that hands `data` over in pieces of the given sizes (cycled), as a slow download would. */
export function chunkedStream<T extends string | Uint8Array>(data: T, sizes: readonly number[]): ReadableStream<T> {
  let at = 0;
  let turn = 0;
  return new ReadableStream<T>({
    pull(controller) {
      if (at >= data.length) return controller.close();
      const size = sizes[turn++ % sizes.length]!;
      controller.enqueue(data.slice(at, at + size) as T);
      at += size;
    },
  });
}
