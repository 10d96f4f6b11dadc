import { startTestService, type TestService } from '@seatside/chassis/src/testkit/service';
import { createChatService } from '../index';

describe('articles: admin CRUD, public published reads', () => {
  let svc: TestService;
  let admin: string;
  let user: string;

  beforeAll(async () => {
    svc = await startTestService(createChatService({ seedFaqs: [] }));
    admin = `Bearer ${await svc.tokenFor({ uid: 'staff', claims: { admin: true } })}`;
    user = `Bearer ${await svc.tokenFor({ uid: 'diner' })}`;
  });
  afterAll(() => svc.stop());

  it('given no title, then 400 "Title is required" under the field; a javascript: image is refused', async () => {
    const res = await svc.http().post('/v1/admin/articles').set('authorization', admin).send({ title: ' ', image: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ title: 'Title is required', image: 'Image must be an uploaded image or an https URL' });
    for (const bad of ['data:image/png;base64,AAAA', 'http://elsewhere.test/cat.png']) {
      const refused = await svc.http().post('/v1/admin/articles').set('authorization', admin).send({ title: 'T', image: bad });
      expect([bad, refused.status, refused.body.errors]).toEqual([bad, 400, { image: 'Image must be an uploaded image or an https URL' }]);
    }
    // What the media service's admin upload answers (http on a development origin).
    const uploaded = await svc.http().post('/v1/admin/articles').set('authorization', admin).send({ title: 'T', image: 'http://127.0.0.1:8080/v1/media/platform/articles/uploads/0b0e9d35-1f5c-4f43-9d1e-0a6c5f1e2a11.png' });
    expect(uploaded.status).toBe(201);
    expect((await svc.http().delete(`/v1/admin/articles/${uploaded.body.id as string}`).set('authorization', admin)).status).toBe(200);
  });

  it('given a draft, then it is in the admin list but not public; published, it is public with its markdown; news=true lists the News ones; deleted, it is gone', async () => {
    const created = await svc.http().post('/v1/admin/articles').set('authorization', admin)
      .send({ title: 'Tags at the stadium', description: 'How seats order', markdown: '# Hello\n\n<script>alert(1)</script>' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String), message: 'Article saved!' });
    const id = created.body.id as string;
    expect((await svc.http().get('/v1/admin/articles').set('authorization', admin)).body.data.map((a: { id: string }) => a.id)).toEqual([id]);
    expect((await svc.http().get('/v1/articles')).body.data).toEqual([]);
    expect((await svc.http().get(`/v1/articles/${id}`)).status).toBe(404);

    const saved = await svc.http().post(`/v1/admin/articles/${id}`).set('authorization', admin).send({ published: true, news: true });
    expect(saved.body.message).toBe('Article saved!');
    const article = (await svc.http().get(`/v1/articles/${id}`)).body;
    expect(article).toMatchObject({ id, title: 'Tags at the stadium', markdown: '# Hello\n\n<script>alert(1)</script>', published: true, news: true, publishedAt: expect.any(String), image: '' });
    expect(article.version).toBeUndefined();
    await svc.http().post('/v1/admin/articles').set('authorization', admin).send({ title: 'Blog only', published: true });
    expect((await svc.http().get('/v1/articles')).body.total).toBe(2);
    expect((await svc.http().get('/v1/articles?news=true')).body.data.map((a: { id: string }) => a.id)).toEqual([id]);

    expect((await svc.http().delete(`/v1/admin/articles/${id}`).set('authorization', admin)).status).toBe(200);
    expect((await svc.http().get(`/v1/articles/${id}`)).status).toBe(404);
    expect((await svc.http().post(`/v1/admin/articles/${id}`).set('authorization', admin).send({ title: 'x' })).status).toBe(404);
  });

  it('given a non-admin or nobody, then the admin calls are 403 and 401', async () => {
    expect((await svc.http().get('/v1/admin/articles').set('authorization', user)).status).toBe(403);
    expect((await svc.http().post('/v1/admin/articles').set('authorization', user).send({ title: 'x' })).status).toBe(403);
    expect((await svc.http().get('/v1/admin/articles')).status).toBe(401);
  });
});
