import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';

/** Forwards a request unchanged (path, headers, body) to a service, with the request id. */
export function proxyTo(target: string): RequestHandler {
  return createProxyMiddleware({
    target,
    changeOrigin: false,
    xfwd: true,
    proxyTimeout: 30_000,
    on: {
      proxyReq(proxyReq, req) {
        const request = req as unknown as { requestId?: string; correlationId?: string };
        if (request.requestId) proxyReq.setHeader('x-request-id', request.requestId);
        if (request.correlationId) proxyReq.setHeader('x-correlation-id', request.correlationId);
      },
    },
  }) as unknown as RequestHandler;
}
