import { freePortOtherThan, socketDirOf } from './postgres';

describe('where the platform reaches its embedded PostgreSQL', () => {
  it('given a DATA_DIR whose socket path fits, then it is the Unix socket in DATA_DIR/postgres', () => {
    expect(socketDirOf('/home/ada/.data/postgres', 54321, 'linux')).toBe('/home/ada/.data/postgres');
  });

  it('given a socket path of exactly 107 bytes, then the socket; one byte more, then TCP', () => {
    const fits = `/${'d'.repeat(107 - '/'.length - '/.s.PGSQL.54321'.length)}`;
    expect(`${fits}/.s.PGSQL.54321`).toHaveLength(107);
    expect(socketDirOf(fits, 54321, 'linux')).toBe(fits);
    expect(socketDirOf(`${fits}x`, 54321, 'linux')).toBeUndefined();
  });

  it.each([
    ['a space', '/home/ada/my data/postgres'],
    ['a comma (unix_socket_directories is a list)', '/srv/a,b/postgres'],
    ['a quote', "/srv/ada's/postgres"],
    ['non-ASCII letters', '/srv/café/postgres'],
  ])('given a DATA_DIR with %s, then TCP on 127.0.0.1', (_what, pgDir) => {
    expect(socketDirOf(pgDir, 5432, 'linux')).toBeUndefined();
  });

  it('given Windows, then TCP on 127.0.0.1', () => {
    expect(socketDirOf('C:/seatside/postgres', 5432, 'win32')).toBeUndefined();
  });
});

describe('the embedded PostgreSQL port', () => {
  it("given the kernel offers the platform's own PORT first, then PostgreSQL takes the next free port it offers", async () => {
    const offers = [8080, 8080, 45123];
    await expect(freePortOtherThan([8080], async () => offers.shift()!)).resolves.toBe(45123);
    expect(offers).toEqual([]);
  });
});
