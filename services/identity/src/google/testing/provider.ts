import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface TestProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts provider.mjs (a real oidc-provider) with one confidential client; resolves once it listens. */
export async function startTestProvider(client: { clientId: string; clientSecret: string; redirectUri: string }): Promise<TestProvider> {
  const child: ChildProcess = spawn(process.execPath, [path.join(__dirname, 'provider.mjs')], {
    env: { ...process.env, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret, REDIRECT_URI: client.redirectUri },
    // Its stdin is a lifeline: should this process die, the provider sees the pipe close and exits.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const firstLine = new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`provider.mjs exited (${code}) before listening:\n${errors}`)));
  });
  const { issuer } = JSON.parse(await firstLine) as { issuer: string };
  return {
    issuer,
    async stop() {
      lines.close();
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.stdin!.end();
      child.kill('SIGTERM');
      await exited;
    },
  };
}
