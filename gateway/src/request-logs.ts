import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import { redactBody, redactUrl, type Logger, type RequestLogBatch, type RequestLogEntry, type TenantCollection } from '@seatside/chassis';

/** At most this much of each body is kept (bytes); the rest is cut before redaction's text pass. */
export const REQUEST_LOG_BODY_BYTES = 32 * 1024;

export interface RequestLogRecorderOptions {
  /** Hands a batch of redacted entries on (the kv pub/sub channel the identity service stores from). */
  publish(batch: RequestLogBatch): Promise<void>;
  logger?: Logger;
  now?: () => Date;
  /** A batch's id (its logs' ids are `requestLogId(batch id, index)`). */
  newId?: () => string;
  /** Entries waiting at most; beyond it new ones are dropped (and counted), never the request slowed. */
  maxBuffered?: number;
  /** Entries per published batch. */
  batchSize?: number;
  /** How long an entry waits for company before its batch goes. */
  flushMs?: number;
  maxBodyBytes?: number;
}

export interface RequestLogRecorder {
  /** Mount after authentication (it reads `req.principal`) and after compression (it sees plain bodies). */
  middleware: RequestHandler;
  /** Publishes everything buffered now. */
  flush(): Promise<void>;
  /** Stops recording and flushes what is buffered (shutdown). */
  close(): Promise<void>;
  readonly dropped: number;
  readonly buffered: number;
}

type Chunk = string | Buffer | Uint8Array;

/** Keeps the first `limit` bytes of a body as it streams, in copies (the caller may reuse its buffers). */
class BodyTap {
  chunks: Buffer[] = [];
  bytes = 0;
  cut = false;
  constructor(private readonly limit: number) {}
  take(chunk: Chunk | undefined, encoding?: BufferEncoding) {
    if (chunk === undefined || chunk === null || this.cut) return;
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (buffer.byteLength === 0) return;
    const room = this.limit - this.bytes;
    if (buffer.byteLength > room) this.cut = true;
    const kept = buffer.byteLength > room ? buffer.subarray(0, room) : buffer;
    this.chunks.push(Buffer.from(kept));
    this.bytes += kept.byteLength;
  }
  bytesOf(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
  }
}

interface Pending {
  raw: Omit<RequestLogEntry, 'id' | 'requestBody' | 'responseBody'>;
  request: BodyTap;
  response: BodyTap;
  contentEncoding: string | undefined;
}

/** The last body seen under a key, as redacted text, and where it is in the batch being packed. */
interface SeenBody {
  bytes: Buffer;
  contentEncoding: string | undefined;
  text: string;
  batch: number;
  index: number;
}

/** URLs and last bodies remembered at most (keys, and bytes of body kept); beyond either the memory starts again. */
const MEMO_KEYS = 2_000;
const MEMO_BYTES = 8 * 1024 * 1024;

/** A body as text: a proxied service's own compressed answer is inflated (a cut one as far as it goes). */
function textOf(bytes: Buffer, contentEncoding: string | undefined): string {
  const coding = (contentEncoding ?? '').toLowerCase();
  try {
    if (coding === 'gzip') bytes = zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    else if (coding === 'br') bytes = zlib.brotliDecompressSync(bytes, { finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    else if (coding === 'deflate') bytes = zlib.inflateSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  } catch {
    return '';
  }
  return bytes.toString('utf8');
}

/**
 * The request logs' recorder at the edge (both topologies): a request whose principal is an API
 * key (`apikey:<id>` with a tenant) is tapped as it passes (the request body as it streams, the
 * answer as it is written), and on `finish` only a few fields are queued. Redaction, decoding and
 * publishing happen later, in batches, off the request's path; a full buffer drops entries rather
 * than hold a request.
 */
export function createRequestLogRecorder(options: RequestLogRecorderOptions): RequestLogRecorder {
  const now = options.now ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const maxBuffered = options.maxBuffered ?? 10_000;
  const batchSize = options.batchSize ?? 200;
  const flushMs = options.flushMs ?? 200;
  const limit = options.maxBodyBytes ?? REQUEST_LOG_BODY_BYTES;
  let buffer: Pending[] = [];
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  let publishing: Promise<void> = Promise.resolve();

  const schedule = () => {
    if (timer || closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref();
  };

  // API clients poll: the same URL answered with the same bytes. Each key's last body is kept as
  // redacted text, so an answer seen again costs a byte comparison, not a decode, a redaction and a
  // lookup by its text; each URL is redacted once.
  const urls = new Map<string, string>();
  const seen = new Map<string, SeenBody>();
  let seenBytes = 0;
  let batches = 0;
  const remember = <T>(memo: Map<string, T>, key: string, value: T) => {
    if (memo.size >= MEMO_KEYS) memo.clear();
    memo.set(key, value);
    return value;
  };
  const see = (key: string, body: SeenBody) => {
    seenBytes += body.bytes.byteLength;
    if (seenBytes > MEMO_BYTES || seen.size >= MEMO_KEYS) {
      seen.clear();
      seenBytes = body.bytes.byteLength;
    }
    seen.set(key, body);
    return body;
  };

  function pack(pendings: Pending[]): RequestLogBatch {
    const batch = (batches += 1);
    const bodies: string[] = [];
    const bodyIndex = (key: string, tap: BodyTap, contentEncoding: string | undefined) => {
      if (tap.bytes === 0) return -1;
      const bytes = tap.bytesOf();
      let body = seen.get(key);
      if (!body || body.contentEncoding !== contentEncoding || !body.bytes.equals(bytes)) {
        body = see(key, { bytes, contentEncoding, text: redactBody(textOf(bytes, contentEncoding)), batch: 0, index: -1 });
      }
      if (body.text === '') return -1;
      if (body.batch !== batch) {
        body.batch = batch;
        body.index = bodies.push(body.text) - 1;
      }
      return body.index;
    };
    const entries = pendings.map(({ raw, request, response, contentEncoding }) => {
      const key = `${raw.tenant.collection}:${raw.tenant.id} ${raw.requestMethod} ${raw.requestURL}`;
      return {
        ...raw,
        requestURL: urls.get(raw.requestURL) ?? remember(urls, raw.requestURL, redactUrl(raw.requestURL)),
        requestBody: bodyIndex(`>${key}`, request, undefined),
        responseBody: bodyIndex(`<${key}`, response, contentEncoding),
      };
    });
    return { batchId: newId(), bodies, entries };
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    const taken = buffer;
    buffer = [];
    if (taken.length === 0) return publishing;
    publishing = publishing.then(async () => {
      for (let at = 0; at < taken.length; at += batchSize) {
        await options.publish(pack(taken.slice(at, at + batchSize))).catch((err: unknown) => options.logger?.warn({ err, count: Math.min(batchSize, taken.length - at) }, 'request logs could not be published'));
        // Let requests run between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return publishing;
  }

  const middleware: RequestHandler = (req, res, next) => {
    const principal = req.principal;
    if (closed || !principal?.tenant || !principal.uid.startsWith('apikey:')) return next();
    const tenant = principal.tenant;
    const request = new BodyTap(limit);
    const response = new BodyTap(limit);
    const createdAt = now();
    // Whoever reads the body (the JSON parser, the proxy's pipe) gets 'data' events through emit.
    const emit = req.emit;
    req.emit = function tapped(this: typeof req, event: string | symbol, ...args: unknown[]) {
      if (event === 'data') request.take(args[0] as Chunk);
      return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
    } as typeof req.emit;
    const write = res.write;
    const end = res.end;
    // Read at the first write: the gateway's own compression sets its header after this tap saw the plain bytes.
    let contentEncoding: string | undefined;
    let first = true;
    const encodingNow = () => {
      if (!first) return;
      first = false;
      const header = res.getHeader('content-encoding');
      contentEncoding = typeof header === 'string' ? header : undefined;
    };
    res.write = function tappedWrite(this: typeof res, chunk: Chunk, ...rest: unknown[]) {
      encodingNow();
      response.take(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined);
      return (write as (...a: unknown[]) => boolean).apply(this, [chunk, ...rest]);
    } as typeof res.write;
    res.end = function tappedEnd(this: typeof res, ...args: unknown[]) {
      encodingNow();
      if (args[0] !== undefined && typeof args[0] !== 'function') response.take(args[0] as Chunk, typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined);
      return (end as (...a: unknown[]) => typeof res).apply(this, args);
    } as typeof res.end;
    res.once('finish', () => {
      if (closed) return;
      if (buffer.length >= maxBuffered) {
        dropped += 1;
        return;
      }
      buffer.push({
        raw: {
          tenant: { collection: tenant.collection as TenantCollection, id: tenant.id },
          apiKeyId: principal.uid.slice('apikey:'.length),
          createdAt: createdAt.toISOString(),
          requestMethod: req.method,
          requestURL: req.originalUrl,
          statusCode: res.statusCode,
          cacheHit: res.statusCode === 304,
          testMode: tenant.testMode,
        },
        request,
        response,
        contentEncoding,
      });
      if (buffer.length >= batchSize) void flush();
      else schedule();
    });
    next();
  };

  return {
    middleware,
    flush,
    async close() {
      closed = true;
      await flush();
    },
    get dropped() {
      return dropped;
    },
    get buffered() {
      return buffer.length;
    },
  };
}
