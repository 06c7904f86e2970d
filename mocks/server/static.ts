import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.map': 'application/json; charset=utf-8',
  '.gz': 'application/gzip',
  '.txt': 'text/plain; charset=utf-8',
};

async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

function send(res: ServerResponse, path: string, size: number, cache: string): void {
  res.writeHead(200, {
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'content-length': size,
    'cache-control': cache,
  });
  createReadStream(path).pipe(res);
}

/**
 * Serves the built page: files as they are, and index.html for the page's
 * routes (a single-page app). Hashed assets are cached for good, the shell
 * and the service worker never, so an update is seen at once.
 */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('Bad path');
    return;
  }
  const target = normalize(join(root, pathname));
  if (target !== root && !target.startsWith(root + sep)) {
    res.writeHead(403).end();
    return;
  }
  const size = await fileSize(target);
  if (size !== null) {
    send(res, target, size, pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    return;
  }
  // A path with an extension is a missing file, not a page route.
  if (extname(pathname) !== '' || req.method !== 'GET') {
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    return;
  }
  const index = join(root, 'index.html');
  const indexSize = await fileSize(index);
  if (indexSize === null) {
    res.writeHead(503, { 'content-type': 'text/plain' }).end(`No built page in ${root}: run npm run server (it builds one).`);
    return;
  }
  send(res, index, indexSize, 'no-cache');
}
