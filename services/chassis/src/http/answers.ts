import { z } from 'zod';

/**
 * Answer schemas several services share, for `OperationDoc.response` (http/openapi.ts). A record's
 * schema names the fields clients rely on and is `loose`: a read model may carry more.
 */

/** `{ message }`: what a write answers when it has nothing else to say (the spec's text). */
export const messageAnswer = z.object({ message: z.string().describe('The spec’s confirmation text.') });

/** A stored record: its `id` and the fields given. */
export const recordAnswer = <S extends z.ZodRawShape>(shape: S) => z.object({ id: z.string(), ...shape }).loose();

/** A JSON Web Key Set (RFC 7517). */
export const jwksAnswer = z.object({
  keys: z.array(z.object({ kty: z.string(), kid: z.string(), alg: z.string().optional(), use: z.string().optional() }).loose()),
});

/** `{ data }`: a short list that is not paged. */
export const itemsAnswer = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
