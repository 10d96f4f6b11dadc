import { isLoopbackHost, startupWarnings } from './warnings';

describe('startup warnings', () => {
  it('given a non-loopback HOST and no SMTP_URL, then a warning names the dev mailbox and SMTP_URL', () => {
    const [warning, ...rest] = startupWarnings({ HOST: '0.0.0.0', TOPOLOGY: 'embedded' });
    expect(rest).toEqual([]);
    expect(warning).toContain('HOST 0.0.0.0');
    expect(warning).toContain('SMTP_URL');
    expect(warning).toContain('/v1/dev/mailbox');
  });

  it('given SMTP_URL, a loopback HOST, or the distributed gateway (no identity in this process), then none', () => {
    expect(startupWarnings({ HOST: '0.0.0.0', TOPOLOGY: 'embedded', SMTP_URL: 'smtp://mail.example.com:587' })).toEqual([]);
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2']) expect(startupWarnings({ HOST: host, TOPOLOGY: 'embedded' })).toEqual([]);
    expect(startupWarnings({ HOST: '0.0.0.0', TOPOLOGY: 'distributed' })).toEqual([]);
  });

  it('then only loopback hosts count as local', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'seatside.example.com', '1270.0.0.1']) expect(isLoopbackHost(host)).toBe(false);
  });
});
