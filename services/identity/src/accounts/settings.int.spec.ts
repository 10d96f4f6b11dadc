import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { exifOf, hasGpsIfd, jpegOf, jpegWithGps, pngOf, polyglots } from '@seatside/chassis/src/testkit/images';
import { bearer, sessionCookieOf, startIdentity } from './testing';

type Identity = Awaited<ReturnType<typeof startIdentity>>;

let PNG: Buffer;
let JPEG: Buffer;
beforeAll(async () => {
  [PNG, JPEG] = await Promise.all([pngOf(), jpegOf()]);
});

/** A real PNG of exactly `size` bytes: its pixels, then a private ancillary chunk of zeros (which decoders skip). */
function pngOfSize(png: Buffer, size: number) {
  const iend = png.length - 12;
  const data = Buffer.alloc(size - png.length - 12);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length);
  head.write('prVt', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])));
  return Buffer.concat([png.subarray(0, iend), head, data, crc, png.subarray(iend)]);
}

describe("the signed-in user's settings", () => {
  let svc: Identity;
  beforeAll(async () => {
    svc = await startIdentity();
  });
  afterAll(() => svc.stop());
  const me = async (token: string) => (await svc.http().get('/v1/auth/me').set('authorization', bearer(token))).body;

  it('given no token, then every settings call is 401 "Sign in required"', async () => {
    for (const leaf of ['profile', 'display-name', 'email', 'password', 'photo']) {
      const res = await svc.http().post(`/v1/users/me/${leaf}`).send({});
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Sign in required');
    }
  });

  describe('profile', () => {
    it('given blank fields, then 400 "Required*" for each', async () => {
      const user = await svc.signUp();
      const res = await svc.http().post('/v1/users/me/profile').set('authorization', bearer(user.token)).send({ firstName: ' ' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ firstName: 'Required*', lastName: 'Required*', phone: 'Required*' });
    });

    it('given all three, then "Account Details Updated" and /auth/me shows them', async () => {
      const user = await svc.signUp();
      const res = await svc.http().post('/v1/users/me/profile').set('authorization', bearer(user.token)).send({ firstName: 'Ada', lastName: 'Byron', phone: '555-0100' });
      expect(res.body).toEqual({ message: 'Account Details Updated' });
      expect((await me(user.token)).userDetails).toEqual({ firstName: 'Ada', lastName: 'Byron', phone: '555-0100' });
    });
  });

  describe('display name', () => {
    it('given none, then 400 "Display name is required"; given one, then "Display name updated"', async () => {
      const user = await svc.signUp();
      const empty = await svc.http().post('/v1/users/me/display-name').set('authorization', bearer(user.token)).send({ displayName: '' });
      expect(empty.body.errors).toEqual({ displayName: 'Display name is required' });
      const res = await svc.http().post('/v1/users/me/display-name').set('authorization', bearer(user.token)).send({ displayName: 'Countess' });
      expect(res.body).toEqual({ message: 'Display name updated' });
      expect((await me(user.token)).displayName).toBe('Countess');
    });
  });

  describe('email', () => {
    it('given none or a malformed one, then 400 "Email is required" / "Invalid email"', async () => {
      const user = await svc.signUp();
      const send = (body: object) => svc.http().post('/v1/users/me/email').set('authorization', bearer(user.token)).send(body);
      expect((await send({})).body.errors).toEqual({ email: 'Email is required' });
      expect((await send({ email: 'no-at' })).body.errors).toEqual({ email: 'Invalid email' });
    });

    it("given another account's address, then 409 with the spec message", async () => {
      const [a, b] = [await svc.signUp(), await svc.signUp()];
      const res = await svc.http().post('/v1/users/me/email').set('authorization', bearer(a.token)).send({ email: b.email.toUpperCase(), currentPassword: a.password });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('The email address is already in use by another account.');
    });

    it('given a free address and the current password, then "Email updated" with a fresh token, it signs in with the new one, unverified, and the old address is free again', async () => {
      const user = await svc.signUp();
      const moved = `moved-${user.email}`;
      const res = await svc.http().post('/v1/users/me/email').set('authorization', bearer(user.token)).send({ email: moved, currentPassword: user.password });
      expect(res.body).toEqual({ message: 'Email updated', token: expect.any(String) });
      expect(sessionCookieOf(res.headers['set-cookie'])?.value).toEqual(expect.any(String));
      expect(await me(res.body.token)).toMatchObject({ email: moved, emailVerified: false });
      expect((await svc.http().post('/v1/auth/sign-in').send({ email: moved, password: user.password })).status).toBe(200);
      expect((await svc.http().post('/v1/auth/sign-up').send({ email: user.email, password: 'secret-1', firstName: 'New' })).status).toBe(201);
    });
  });

  describe('email: proving the owner', () => {
    const changeEmail = (token: string, body: object) => svc.http().post('/v1/users/me/email').set('authorization', bearer(token)).send(body);

    it('given no current password, then 400 "Enter your current password" on currentPassword, and the e-mail stays', async () => {
      const user = await svc.signUp();
      const res = await changeEmail(user.token, { email: `thief-${user.email}` });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ currentPassword: 'Enter your current password' });
      expect((await me(user.token)).email).toBe(user.email);
    });

    it('given a wrong current password, then 401 "The current password is incorrect" on currentPassword, and the e-mail stays', async () => {
      const user = await svc.signUp();
      const res = await changeEmail(user.token, { email: `thief-${user.email}`, currentPassword: 'guess' });
      expect(res.status).toBe(401);
      expect(res.body.errors).toEqual({ currentPassword: 'The current password is incorrect' });
      expect((await me(user.token)).email).toBe(user.email);
    });
  });

  describe('password', () => {
    const change = (token: string, body: object) => svc.http().post('/v1/users/me/password').set('authorization', bearer(token)).send(body);

    it('given blank fields, then "Required*" for each', async () => {
      const user = await svc.signUp();
      expect((await change(user.token, {})).body.errors).toEqual({ currentPassword: 'Required*', newPassword: 'Required*', confirmPassword: 'Required*' });
    });

    it('given a short new password, then "Please try a longer password"; given a different confirmation, then "Passwords do not match"', async () => {
      const user = await svc.signUp();
      expect((await change(user.token, { currentPassword: user.password, newPassword: '123', confirmPassword: '123' })).body.errors).toEqual({ newPassword: 'Please try a longer password' });
      const mismatch = await change(user.token, { currentPassword: user.password, newPassword: 'new-secret', confirmPassword: 'new-secreT' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors).toEqual({ confirmPassword: 'Passwords do not match' });
    });

    it('given a wrong current password, then 401 "The current password is incorrect" on currentPassword, and nothing changes', async () => {
      const user = await svc.signUp();
      const res = await change(user.token, { currentPassword: 'guess', newPassword: 'new-secret', confirmPassword: 'new-secret' });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ message: 'The current password is incorrect', errors: { currentPassword: 'The current password is incorrect' } });
      expect((await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: user.password })).status).toBe(200);
    });

    it('given the right one, then "Password updated successfully", the new password signs in and every refresh session has ended', async () => {
      const user = await svc.signUp();
      const cookie = sessionCookieOf((await svc.http().post('/v1/auth/login').send({ token: user.token })).headers['set-cookie'])!;
      const res = await change(user.token, { currentPassword: user.password, newPassword: 'new-secret', confirmPassword: 'new-secret' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Password updated successfully', token: expect.any(String) });
      expect((await svc.http().post('/v1/auth/refresh').set('cookie', cookie.pair)).status).toBe(401);
      expect((await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: 'new-secret' })).status).toBe(200);
      expect((await svc.http().post('/v1/auth/sign-in').send({ email: user.email, password: user.password })).status).toBe(401);
    });
  });

  describe('photo', () => {
    const upload = (token: string, type: string, body: Buffer) =>
      svc.http().post('/v1/users/me/photo').set('authorization', bearer(token)).set('content-type', type).send(body);

    it('given a PNG, then "Profile photo updated" with its URL, the re-encoded file under DATA_DIR/uploads/users/{uid}, served as image/png inline', async () => {
      const user = await svc.signUp();
      const res = await upload(user.token, 'image/png', PNG);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Profile photo updated', photoURL: expect.stringMatching(new RegExp(`^/v1/users/${user.id}/photo/[0-9a-f]{32}\\.png$`)) });
      const file = path.basename(res.body.photoURL);
      const stored = fs.readFileSync(path.join(svc.dataDir, 'uploads', 'users', user.id, file));
      expect(stored.subarray(0, 8)).toEqual(PNG.subarray(0, 8));
      expect((await me(user.token)).photoURL).toBe(res.body.photoURL);

      const served = await svc.http().get(res.body.photoURL).buffer(true);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe(`inline; filename="${file}"`);
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(served.body)).toEqual(stored);
    });

    it('given a JPEG with EXIF GPS, then the stored and served photo is a re-encoded JPEG with no metadata', async () => {
      const user = await svc.signUp();
      const original = await jpegWithGps();
      expect(hasGpsIfd(await exifOf(original))).toBe(true);
      const res = await upload(user.token, 'image/jpeg', original);
      expect(res.status).toBe(200);
      const served = await svc.http().get(res.body.photoURL).buffer(true);
      const bytes = Buffer.from(served.body);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(bytes.subarray(0, 3)).toEqual(original.subarray(0, 3));
      expect(bytes.equals(original)).toBe(false);
      expect(await exifOf(bytes)).toBeUndefined();
      expect(bytes.toString('latin1')).not.toContain('SpyCam');
    });

    it('given a PNG+HTML polyglot (HTML behind a PNG signature, after the PNG or in a text chunk) or HTML after a JPEG, then 400 and no photo is stored', async () => {
      const user = await svc.signUp();
      for (const [name, bytes] of Object.entries(await polyglots())) {
        const res = await upload(user.token, name.includes('JPEG') ? 'image/jpeg' : 'image/png', bytes);
        expect([name, res.status, res.body.message]).toEqual([name, 400, 'Please upload a PNG or JPEG image']);
      }
      expect((await me(user.token)).photoURL).toBeNull();
      expect(fs.existsSync(path.join(svc.dataDir, 'uploads', 'users', user.id))).toBe(false);
    });

    it('given a JPEG, then it is stored as .jpg and served as image/jpeg', async () => {
      const user = await svc.signUp();
      const res = await upload(user.token, 'image/jpeg', JPEG);
      expect(res.body.photoURL).toMatch(/\.jpg$/);
      expect((await svc.http().get(res.body.photoURL)).headers['content-type']).toBe('image/jpeg');
    });

    it('given bytes that are not PNG or JPEG (whatever the header says), or another type, or JSON, then 400 "Please upload a PNG or JPEG image"', async () => {
      const user = await svc.signUp();
      const answers = [
        await upload(user.token, 'image/png', Buffer.from('GIF89a not a png')),
        await upload(user.token, 'image/gif', Buffer.from('GIF89a')),
        await upload(user.token, 'image/jpeg', Buffer.alloc(0)),
        await svc.http().post('/v1/users/me/photo').set('authorization', bearer(user.token)).send({ photo: 'x' }),
      ];
      for (const res of answers) {
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Please upload a PNG or JPEG image');
      }
      expect((await me(user.token)).photoURL).toBeNull();
    });

    it('given more than 2 MB, then 413 "The image is too large (at most 2 MB)"; exactly 2 MB is fine', async () => {
      const user = await svc.signUp();
      const res = await upload(user.token, 'image/png', pngOfSize(PNG, 2 * 1024 * 1024 + 1));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe('The image is too large (at most 2 MB)');
      expect((await upload(user.token, 'image/png', pngOfSize(PNG, 2 * 1024 * 1024))).status).toBe(200);
    });

    it('given a polyglot stored raw before the image pipeline, then its URL is 404; a clean image stored raw is still served', async () => {
      const user = await svc.signUp();
      const dir = path.join(svc.dataDir, 'uploads', 'users', user.id);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${'a'.repeat(32)}.png`), (await polyglots())['a valid PNG with HTML in a tEXt chunk']);
      fs.writeFileSync(path.join(dir, `${'b'.repeat(32)}.png`), PNG);
      expect((await svc.http().get(`/v1/users/${user.id}/photo/${'a'.repeat(32)}.png`)).status).toBe(404);
      expect((await svc.http().get(`/v1/users/${user.id}/photo/${'b'.repeat(32)}.png`)).status).toBe(200);
    });

    it('given a path that climbs out of the folder or names no photo, then 404', async () => {
      const user = await svc.signUp();
      const { photoURL } = (await upload(user.token, 'image/png', PNG)).body;
      const file = path.basename(photoURL);
      fs.writeFileSync(path.join(svc.dataDir, 'secret.png'), PNG);
      for (const url of [
        `/v1/users/${user.id}/photo/..%2F..%2F..%2Fsecret.png`,
        `/v1/users/..%2F..%2F/photo/${file}`,
        `/v1/users/${user.id}/photo/%2E%2E`,
        `/v1/users/${user.id}/photo/${'0'.repeat(32)}.png`,
        `/v1/users/someone-else/photo/${file}`,
      ]) {
        expect([url, (await svc.http().get(url)).status]).toEqual([url, 404]);
      }
    });
  });
});
