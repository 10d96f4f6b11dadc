import express from 'express';
import { ClientOfflineError } from 'redis';
import request from 'supertest';
import { z } from 'zod';
import { errorCodes } from '@seatside/rules';
import { authMessages } from '../auth/messages';
import { requirePrincipal } from '../auth/express';
import { conflict, forbidden, notFound, preconditionFailed, providerFailed, tooManyRequests, unauthorized, unavailable, validationFailed, DomainError } from '../errors';
import { VersionConflict } from '../eventstore/expected-version';
import { jsonBodies } from './app';
import { notFoundHandler, problemHandler, toProblem } from './problem';
import { parseInput } from './validate';

/** An app whose routes throw what each case names, behind the chassis's body parsing and mapper. */
function appThrowing(cases: Record<string, () => unknown>) {
  const app = express();
  app.use(jsonBodies());
  for (const [name, thrower] of Object.entries(cases)) app.all(`/v1/${name}`, () => thrower());
  app.get('/v1/me', (req, res) => {
    requirePrincipal(req);
    res.json({});
  });
  app.use(notFoundHandler, problemHandler);
  return app;
}

describe('problem+json codes (DESIGN §7: clients branch on a stable code)', () => {
  const app = appThrowing({
    invalid: () => parseInput(z.object({ name: z.string({ error: 'Name is required' }) }), {}),
    credentials: () => {
      throw unauthorized('The email or password is wrong');
    },
    token: () => {
      throw unauthorized(authMessages.invalidToken, 'token_invalid');
    },
    forbidden: () => {
      throw forbidden(authMessages.noAccess);
    },
    tag: () => {
      throw notFound('Tag not found', 'tag_not_found');
    },
    taken: () => {
      throw conflict('This record already exists');
    },
    reused: () => {
      throw conflict('This Idempotency-Key was already used with a different request', undefined, 'idempotency_key_reused');
    },
    stale: () => {
      throw preconditionFailed('This record was changed by someone else. Reload it and try again.');
    },
    raced: () => {
      throw new VersionConflict('order-1', 3, 4);
    },
    limited: () => {
      throw tooManyRequests();
    },
    provider: () => {
      throw providerFailed('The card payment could not be started. Please try again.');
    },
    down: () => {
      throw unavailable('The identity service is unavailable');
    },
    crash: () => {
      throw new Error('secret internals');
    },
  });

  it.each([
    ['invalid', 'get', 400, 'validation_failed'],
    ['credentials', 'get', 401, 'unauthorized'],
    ['token', 'get', 401, 'token_invalid'],
    ['me', 'get', 401, 'sign_in_required'],
    ['forbidden', 'get', 403, 'forbidden'],
    ['tag', 'get', 404, 'tag_not_found'],
    ['nowhere', 'get', 404, 'not_found'],
    ['taken', 'post', 409, 'conflict'],
    ['reused', 'post', 409, 'idempotency_key_reused'],
    ['stale', 'post', 412, 'version_conflict'],
    ['raced', 'post', 409, 'version_conflict'],
    ['limited', 'get', 429, 'rate_limited'],
    ['provider', 'post', 502, 'payment_provider_failed'],
    ['down', 'get', 503, 'unavailable'],
    ['crash', 'get', 500, 'internal_error'],
  ] as const)('given a route that fails as %s, when it is called (%s), then the problem carries status %i and code %s', async (name, method, status, code) => {
    const res = await request(app)[method](`/v1/${name}`);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status, code });
    expect(errorCodes[code]).toBeDefined();
    expect(JSON.stringify(res.body)).not.toMatch(/order-1|secret internals/);
  });

  it('given a body that is not JSON, JSON but no object, or too large, then invalid_json (400), a 400 that says so, and payload_too_large (413)', async () => {
    const bad = await request(app).post('/v1/taken').set('content-type', 'application/json').send('{"a":');
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid_json']);
    for (const bare of ['"text"', '42', 'true', 'null']) {
      const json = await request(app).post('/v1/taken').set('content-type', 'application/json').send(bare);
      expect([bare, json.status, json.body.code, json.body.message]).toEqual([bare, 400, 'validation_failed', 'The request body must be a JSON object']);
    }
    const large = await request(app).post('/v1/taken').set('content-type', 'application/json').send(JSON.stringify({ a: 'x'.repeat(1_100_000) }));
    expect([large.status, large.body.code]).toEqual([413, 'payload_too_large']);
  });

  describe('a store that cannot be reached', () => {
    const connectError = (code: string, syscall: string) => Object.assign(new Error(`${syscall} ${code} /data/postgres/.s.PGSQL.5432`), { code, syscall });
    const sqlError = (code: string) => Object.assign(new Error('the database said no'), { code });
    const storeApp = appThrowing({
      refused: () => {
        throw connectError('ECONNREFUSED', 'connect');
      },
      socketGone: () => {
        throw connectError('ENOENT', 'connect');
      },
      terminated: () => {
        throw new Error('Connection terminated unexpectedly');
      },
      shuttingDown: () => {
        throw sqlError('57P01');
      },
      recovering: () => {
        throw sqlError('57P03');
      },
      diskFull: () => {
        throw sqlError('53100');
      },
      redisOffline: () => {
        throw new ClientOfflineError();
      },
      missingFile: () => {
        throw connectError('ENOENT', 'open');
      },
      uniqueViolation: () => {
        throw sqlError('23505');
      },
    });

    it.each(['refused', 'socketGone', 'terminated', 'shuttingDown', 'recovering', 'diskFull', 'redisOffline'])('given a handler that meets a store it cannot reach (%s), then 503 unavailable with Retry-After, not 500', async (name) => {
      const res = await request(storeApp).get(`/v1/${name}`);
      expect([res.status, res.body.code, res.body.message, res.headers['retry-after']]).toEqual([503, 'unavailable', 'The service is temporarily unavailable, please try again shortly', '2']);
      expect(JSON.stringify(res.body)).not.toMatch(/PGSQL|ECONN|57P0/);
    });

    it.each(['missingFile', 'uniqueViolation'])('given a fault of our own (%s), then still 500', async (name) => {
      const res = await request(storeApp).get(`/v1/${name}`);
      expect([res.status, res.headers['retry-after']]).toEqual([500, undefined]);
    });
  });

  it('given every kind of domain error, then its code is in the published table with the status it is answered with', () => {
    const samples = [validationFailed('x'), unauthorized(), forbidden(), notFound(), conflict('x'), preconditionFailed('x'), tooManyRequests(), providerFailed('x'), unavailable('x')];
    for (const error of samples) {
      const problem = toProblem(error);
      expect(error).toBeInstanceOf(DomainError);
      expect(errorCodes[problem.code].status).toBe(problem.status);
    }
  });
});
