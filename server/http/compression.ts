import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'hono';

type ContentEncoding = 'br' | 'gzip';

/** Below this many bytes a compressed answer saves less than a packet and costs a zlib round trip. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The encoding to answer with, from an Accept-Encoding header: brotli before gzip, as far as the client
 * accepts them (`q=0` refuses; `*` accepts both) and `available` offers them.
 */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: { br?: unknown; gzip?: unknown } = { br: true, gzip: true },
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    quality.set(name.trim().toLowerCase(), q === undefined ? 1 : Number(q.slice(2)) || 0);
  }
  const star = quality.get('*') ?? 0;
  if (available.br && (quality.get('br') ?? star) > 0) return 'br';
  if (available.gzip && (quality.get('gzip') ?? quality.get('x-gzip') ?? star) > 0) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Per-response compression: quick settings (the build precompresses static files at the highest levels). */
function compressText(text: string, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } })
    : gzipAsync(text, { level: 6 });
}

type HeaderRecord = Record<string, string | string[]>;
/** `c.body` without its typed-response overloads: the status and headers are passed through as given. */
type RawBody = (data: BodyInit | null, arg?: number | ResponseInit, headers?: HeaderRecord) => Response;

/**
 * Makes this request's `c.json` compress answers of at least `minBytes` for clients that accept br or
 * gzip, and leave every smaller one untouched (no `Vary`, no zlib). The size is only known while the body
 * is serialized: a middleware looking at the finished Response would have to read its body back
 * (materializing the adapter's lightweight Response) on every answer. Other bodies pass as they are:
 * static files come precompressed from the build (see static.ts), images are compressed already.
 */
export function useJsonCompression(c: Context, minBytes = COMPRESS_MIN_BYTES): void {
  const body = c.body as RawBody;
  // Hono's own c.json: JSON.stringify, then the body with an application/json default type.
  const json = (object: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) => {
    const text = JSON.stringify(object);
    if (text.length < minBytes) return body(text, arg, { 'Content-Type': 'application/json', ...headers });
    return respondCompressed(c, body, text, arg, headers);
  };
  (c as unknown as { json: typeof json }).json = json;
}

/** A text answer built per request (a rendered page), compressed like a large JSON answer when it is large enough. */
export function respondText(c: Context, text: string, status: number | undefined, headers: HeaderRecord): Response {
  const body = c.body as RawBody;
  if (text.length < COMPRESS_MIN_BYTES) return body(text, status, headers);
  return respondCompressed(c, body, text, status, headers);
}

function respondCompressed(c: Context, body: RawBody, text: string, arg: number | ResponseInit | undefined, headers: HeaderRecord | undefined) {
  const encoding = c.req.method === 'HEAD' ? null : pickEncoding(c.req.header('accept-encoding'));
  const out: HeaderRecord = { 'Content-Type': 'application/json', ...headers, Vary: 'Accept-Encoding' };
  if (!encoding) return body(text, arg, out);
  out['Content-Encoding'] = encoding;
  // zlib runs on the thread pool; the stream hands the bytes over when they are ready.
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        controller.enqueue(await compressText(text, encoding));
        controller.close();
      } catch (err) {
        controller.error(err);
      }
    },
  });
  return body(stream, arg, out);
}
