import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@seatside/chassis';
import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createIdentityService, type IdentityOverrides } from '../index';
import { readMailbox } from '../mail';
import { outOfBand, type OutOfBand } from './later';

/** The identity service over a fresh schema with fast passwords and its own data folder; for API specs. */
export async function startIdentity(
  overrides: IdentityOverrides = {},
  options: Parameters<typeof startTestService>[1] = {},
  // Mails go out after the answer; specs wait for them with settled(), or hold them with their own.
  later: OutOfBand = outOfBand(createLogger({ service: 'identity', level: 'silent' })),
): Promise<TestService & { dataDir: string; signUp(input?: Partial<SignUpInput>): Promise<SignedUp>; settled(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seatside-identity-'));
  const svc = await startTestService(createIdentityService({ passwordCost: 4, dataDir, publicUrl: 'http://app.test', ...overrides }, { later }), options);
  // Specs speak for many clients through X-Forwarded-For, as a proxy named in TRUST_PROXY would.
  svc.app.set('trust proxy', 'loopback');
  let n = 0;
  return {
    ...svc,
    dataDir,
    settled: () => later.settled(),
    async signUp(input = {}) {
      const body = { email: `user${++n}-${Date.now()}@example.com`, password: 'secret-1', firstName: 'Ada', lastName: 'Lovelace', ...input };
      const res = await svc.http().post('/v1/auth/sign-up').send(body);
      if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${JSON.stringify(res.body)}`);
      return { ...body, id: res.body.id as string, token: res.body.token as string };
    },
    async stop() {
      await svc.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string };
export type SignedUp = SignUpInput & { id: string; token: string };

/** The newest mail to an address in the dev mailbox, and its first link's query. */
export async function lastMailTo(dataDir: string, to: string) {
  const mail = (await readMailbox(dataDir)).find((m) => m.to.toLowerCase() === to.toLowerCase());
  if (!mail) return undefined;
  const link = new URL(mail.links[0]!);
  return { mail, link, oobCode: link.searchParams.get('oobCode')!, mode: link.searchParams.get('mode') };
}

/** The `seatside_session` cookie's value from a response, and its full Set-Cookie line. */
export function sessionCookieOf(setCookie: string[] | string | undefined) {
  const line = ([] as string[]).concat(setCookie ?? []).find((c) => c.startsWith('seatside_session='));
  return line ? { line, value: line.split(';')[0]!.slice('seatside_session='.length), pair: line.split(';')[0]! } : undefined;
}

export const bearer = (token: string) => `Bearer ${token}`;
