import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { RequestHandler } from 'express';
import { redactBody, redactUrl, type Logger, type RequestLogBatch, type RequestLogSeries, type TenantCollection } from '@seatside/chassis';

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

/** A chunk's bytes as a view (no copy). */
const bytesOf = (chunk: Chunk, encoding?: BufferEncoding): Buffer =>
  typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/**
 * Keeps the first `limit` bytes of a body as it streams. Chunks written while it streams are copied
 * (the writer may reuse its buffers); a body given whole to `end()` is held as it is until the
 * request is recorded, where an answer equal to the one remembered for its URL is not copied at all.
 */
class BodyTap {
  chunks: Buffer[] | undefined;
  bytes = 0;
  cut = false;
  /** The one body given to end() with nothing written before: not yet copied (unless it came as text). */
  whole: Buffer | undefined;
  /** Whether `whole` is the caller's buffer (text was encoded into a buffer of its own). */
  borrowed = false;
  constructor(readonly limit: number) {}
  take(chunk: Chunk | undefined, encoding: BufferEncoding | undefined, whole: boolean) {
    if (chunk === undefined || chunk === null || this.cut) return;
    let buffer = bytesOf(chunk, encoding);
    if (buffer.byteLength === 0) return;
    const room = this.limit - this.bytes;
    if (buffer.byteLength > room) {
      this.cut = true;
      buffer = buffer.subarray(0, room);
    }
    this.bytes += buffer.byteLength;
    const borrowed = typeof chunk !== 'string';
    if (whole && this.chunks === undefined) {
      this.whole = buffer;
      this.borrowed = borrowed;
    } else (this.chunks ??= []).push(borrowed ? Buffer.from(buffer) : buffer);
  }
  /** The bytes kept, copied if they were held (so the caller's buffer may go). */
  kept(): Buffer {
    if (this.whole) return this.borrowed ? Buffer.from(this.whole) : this.whole;
    const chunks = this.chunks ?? [];
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }
  /** The bytes kept, as they are (compare, do not keep). */
  view(): Buffer {
    return this.whole ?? (this.chunks?.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks ?? []));
  }
}

/** A body seen before, as redacted text, and where it is in the batch being packed. */
interface SeenBody {
  bytes: Buffer;
  contentEncoding: string | undefined;
  text: string;
  batch: number;
  index: number;
}

/** A body's bytes as recorded (a copy), not yet redacted. */
interface Copied {
  bytes: Buffer;
  contentEncoding: string | undefined;
}

/** A body as recorded: the remembered one it equals, or its bytes. */
type Body = SeenBody | Copied | undefined;

type Principal = { uid: string; tenant: { collection: string; id: string; testMode: boolean } };

/** A request being answered (it lives as long as the request). */
class Tapped {
  /** Read at the first write: the gateway's own compression sets its header after this tap saw the plain bytes. */
  contentEncoding: string | undefined;
  first = true;
  recorded = false;
  readonly response: BodyTap;
  constructor(
    readonly principal: Principal,
    readonly method: string,
    readonly url: string,
    readonly at: number,
    readonly request: BodyTap | undefined,
    limit: number,
    readonly write: (...args: unknown[]) => boolean,
    readonly end: (...args: unknown[]) => unknown,
    readonly emit: ((event: string | symbol, ...args: unknown[]) => boolean) | undefined,
  ) {
    this.response = new BodyTap(limit);
  }
}

/**
 * The logs of one series (one API key, method and URL) waiting to be published, in columns: a
 * waiting request holds no object of its own, so nothing of it outlives the request but a few
 * numbers and a reference to a body (the collector copies none of them on its young-generation
 * passes).
 */
class PendingSeries {
  readonly indexes: number[] = [];
  readonly ats: number[] = [];
  readonly statuses: number[] = [];
  readonly requests: Body[] = [];
  readonly responses: Body[] = [];
  constructor(
    readonly principal: Principal,
    readonly method: string,
    readonly url: string,
  ) {}
  /** The same API key of the same tenant in the same mode, the same method (the URL is the caller's to match). */
  holds(principal: Principal, method: string): boolean {
    const mine = this.principal;
    return this.method === method && mine.uid === principal.uid && mine.tenant.id === principal.tenant.id && mine.tenant.collection === principal.tenant.collection && mine.tenant.testMode === principal.tenant.testMode;
  }
}

/** A batch being gathered: its series, found by URL (nearly always one per URL). */
class PendingBatch {
  count = 0;
  readonly series: PendingSeries[] = [];
  private readonly byUrl = new Map<string, PendingSeries[]>();
  add(tapped: Tapped, statusCode: number, requestBody: Body, responseBody: Body) {
    let ofUrl = this.byUrl.get(tapped.url);
    if (!ofUrl) this.byUrl.set(tapped.url, (ofUrl = []));
    let series = ofUrl.find((one) => one.holds(tapped.principal, tapped.method));
    if (!series) {
      series = new PendingSeries(tapped.principal, tapped.method, tapped.url);
      ofUrl.push(series);
      this.series.push(series);
    }
    series.indexes.push(this.count);
    series.ats.push(tapped.at);
    series.statuses.push(statusCode);
    series.requests.push(requestBody);
    series.responses.push(responseBody);
    this.count += 1;
  }
}

const TAP = Symbol('request log tap');
type TappedRequest = IncomingMessage & { [TAP]?: Tapped };
type TappedResponse = ServerResponse & { [TAP]?: Tapped };

/** Whether a request may carry a body (a GET without one emits no 'data' and needs no tap). */
const mayHaveBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** URLs and last bodies remembered at most (keys, and bytes of body kept); beyond either the memory starts again. */
const MEMO_KEYS = 2_000;
const MEMO_BYTES = 8 * 1024 * 1024;

/**
 * The last body seen for each URL, as redacted text. The URL only says which body to compare with:
 * a body is taken for a remembered one when their bytes (and coding) are equal, whoever asked, so the
 * text is the same. Keyed by the URL as the request gave it, a string hashed once, not by a key built
 * per request.
 */
class BodyMemo {
  private readonly bodies = new Map<string, SeenBody>();
  private bytes = 0;
  /** The body remembered for `url` if `bytes` are its bytes in the same coding. */
  equal(url: string, bytes: Buffer, contentEncoding: string | undefined): SeenBody | undefined {
    const last = this.bodies.get(url);
    return last && last.contentEncoding === contentEncoding && last.bytes.equals(bytes) ? last : undefined;
  }
  /** The body for these bytes: the remembered one, else these redacted (and remembered). */
  of(url: string, bytes: Buffer, contentEncoding: string | undefined): SeenBody {
    const last = this.equal(url, bytes, contentEncoding);
    if (last) return last;
    const body: SeenBody = { bytes, contentEncoding, text: redactBody(textOf(bytes, contentEncoding)), batch: 0, index: -1 };
    this.bytes += bytes.byteLength;
    if (this.bytes > MEMO_BYTES || this.bodies.size >= MEMO_KEYS) {
      this.bodies.clear();
      this.bytes = bytes.byteLength;
    }
    this.bodies.set(url, body);
    return body;
  }
}

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
 * answer as it is written), and when the answer ends only a few fields are queued, its bodies
 * settled: the answer remembered for its URL when they are equal (no copy), else a copy.
 * Redaction, decoding and publishing happen later, in batches of series, off the request's path; a
 * full buffer drops entries rather than hold a request.
 */
export function createRequestLogRecorder(options: RequestLogRecorderOptions): RequestLogRecorder {
  const clock = options.now ? () => options.now!().getTime() : Date.now;
  const newId = options.newId ?? randomUUID;
  const maxBuffered = options.maxBuffered ?? 10_000;
  const batchSize = options.batchSize ?? 200;
  const flushMs = options.flushMs ?? 200;
  const limit = options.maxBodyBytes ?? REQUEST_LOG_BODY_BYTES;
  // Batches filled to batchSize and the one being gathered; `buffered` logs in all.
  let full: PendingBatch[] = [];
  let gathering = new PendingBatch();
  let buffered = 0;
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

  // API clients poll: the same URL answered with the same bytes. Each URL's last body is kept as
  // redacted text, so an answer seen again costs a byte comparison (while the request ends, so the
  // answer is never copied), not a decode and a redaction; each URL is redacted once.
  const requests = new BodyMemo();
  const answers = new BodyMemo();
  const urls = new Map<string, string>();
  let batches = 0;
  const urlOf = (url: string) => {
    let redacted = urls.get(url);
    if (redacted === undefined) {
      if (urls.size >= MEMO_KEYS) urls.clear();
      urls.set(url, (redacted = redactUrl(url)));
    }
    return redacted;
  };

  /** A tapped body as recorded: the remembered body it equals, else a copy of its bytes; none if empty. */
  const bodyOf = (memo: BodyMemo, url: string, tap: BodyTap | undefined, contentEncoding: string | undefined): Body => {
    if (!tap || tap.bytes === 0) return undefined;
    return memo.equal(url, tap.view(), contentEncoding) ?? { bytes: tap.kept(), contentEncoding };
  };

  /** The request has ended: its log waits in the batch being gathered, its bodies settled. */
  const record = (tapped: Tapped, statusCode: number) => {
    if (tapped.recorded || closed) return;
    tapped.recorded = true;
    if (buffered >= maxBuffered) {
      dropped += 1;
      return;
    }
    gathering.add(tapped, statusCode, bodyOf(requests, tapped.url, tapped.request, undefined), bodyOf(answers, tapped.url, tapped.response, tapped.contentEncoding));
    buffered += 1;
    if (gathering.count >= batchSize) {
      full.push(gathering);
      gathering = new PendingBatch();
      void flush();
    } else schedule();
  };

  function pack(pending: PendingBatch): RequestLogBatch {
    const batch = (batches += 1);
    const bodies: string[] = [];
    const bodyIndex = (memo: BodyMemo, url: string, recorded: Body) => {
      if (recorded === undefined) return -1;
      const body = 'text' in recorded ? recorded : memo.of(url, recorded.bytes, recorded.contentEncoding);
      if (body.text === '') return -1;
      if (body.batch !== batch) {
        body.batch = batch;
        body.index = bodies.push(body.text) - 1;
      }
      return body.index;
    };
    const series = pending.series.map(({ principal: { uid, tenant }, method, url, indexes, ats, statuses, requests: requestBodies, responses }): RequestLogSeries => ({
      tenant: { collection: tenant.collection as TenantCollection, id: tenant.id },
      testMode: tenant.testMode,
      apiKeyId: uid.slice('apikey:'.length),
      requestMethod: method,
      requestURL: urlOf(url),
      logs: indexes.map((index, at) => [index, ats[at]!, statuses[at]!, bodyIndex(requests, url, requestBodies[at]), bodyIndex(answers, url, responses[at])]),
    }));
    return { batchId: newId(), bodies, series };
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    const taken = gathering.count > 0 ? [...full, gathering] : full;
    full = [];
    gathering = new PendingBatch();
    buffered = 0;
    if (taken.length === 0) return publishing;
    publishing = publishing.then(async () => {
      for (const pending of taken) {
        // Whatever fails (packing, or a publish that throws rather than rejects), the chain goes on:
        // a rejected `publishing` would skip every later batch.
        try {
          await options.publish(pack(pending));
        } catch (err) {
          options.logger?.warn({ err, count: pending.count }, 'request logs could not be published');
        }
        // Let requests run between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    });
    return publishing;
  }

  // One set of functions for every tapped request (no closures per request): each finds its request's
  // Tapped under TAP. Whoever reads the body (the JSON parser, the proxy's pipe) gets 'data' events
  // through emit; the answer is seen as it is written.
  function tappedEmit(this: TappedRequest, event: string | symbol, ...args: unknown[]): boolean {
    const tapped = this[TAP]!;
    if (event === 'data') tapped.request!.take(args[0] as Chunk, undefined, false);
    return tapped.emit!.call(this, event, ...args);
  }
  const encodingNow = (tapped: Tapped, res: ServerResponse) => {
    if (!tapped.first) return;
    tapped.first = false;
    const header = res.getHeader('content-encoding');
    tapped.contentEncoding = typeof header === 'string' ? header : undefined;
  };
  function tappedWrite(this: TappedResponse, chunk: Chunk, ...rest: unknown[]): boolean {
    const tapped = this[TAP]!;
    encodingNow(tapped, this);
    tapped.response.take(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined, false);
    return tapped.write.call(this, chunk, ...rest);
  }
  function tappedEnd(this: TappedResponse, ...args: unknown[]): unknown {
    const tapped = this[TAP]!;
    encodingNow(tapped, this);
    const [chunk, encoding] = args;
    if (chunk !== undefined && typeof chunk !== 'function') tapped.response.take(chunk as Chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined, true);
    const ended = tapped.end.apply(this, args);
    record(tapped, this.statusCode);
    return ended;
  }

  const middleware: RequestHandler = (req, res, next) => {
    const principal = req.principal;
    // Tapped once (a second tap would call the shared functions in a circle).
    if (closed || !principal?.tenant || !principal.uid.startsWith('apikey:') || (res as TappedResponse)[TAP]) return next();
    const body = mayHaveBody(req);
    const tapped = new Tapped(
      principal as Tapped['principal'],
      req.method,
      req.originalUrl,
      clock(),
      body ? new BodyTap(limit) : undefined,
      limit,
      res.write as Tapped['write'],
      res.end as Tapped['end'],
      body ? (req.emit as Tapped['emit']) : undefined,
    );
    if (body) {
      (req as TappedRequest)[TAP] = tapped;
      req.emit = tappedEmit as typeof req.emit;
    }
    (res as TappedResponse)[TAP] = tapped;
    res.write = tappedWrite as typeof res.write;
    res.end = tappedEnd as typeof res.end;
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
      return buffered;
    },
  };
}
