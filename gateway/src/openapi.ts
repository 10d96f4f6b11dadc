import type { RequestHandler } from 'express';
import { openApiDocument, type ServiceApiDoc, type ServiceModule } from '@seatside/chassis';

/** The services' operation docs, in the order of the modules. */
export const apiDocsOf = (modules: readonly ServiceModule[]): ServiceApiDoc[] => modules.flatMap((m) => (m.api ? [m.api] : []));

/** GET /v1/openapi.json: the OpenAPI 3.1 document, built once from the services' zod schemas. */
export function openApiHandler(docs: readonly ServiceApiDoc[]): RequestHandler {
  let body: string | undefined;
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    body ??= JSON.stringify(openApiDocument(docs));
    res.setHeader('cache-control', 'no-cache');
    res.type('application/json').send(body);
  };
}
