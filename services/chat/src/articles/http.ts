import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, notFound, parseInput, parseListQuery, requiredText, requirePlatformAdmin, setVersionTag, type Filter, type ServiceDeps, TEXT_MAX,
} from '@seatside/chassis';
import { articleDecider, articleMessages as m, articleStream, type ArticleCommand } from './article';
import { articles, projectArticles, type ArticleDoc } from './projections';

/**
 * An image the media service stored (the URL its admin upload answers, `…/v1/media/…` on the platform's
 * origin, http in development) or an https URL; '' clears it. Never javascript: or data:.
 */
export const isArticleImage = (url: string) =>
  url === '' || url.startsWith('/v1/media/') || /^https:\/\/[^\s]+$/.test(url) || /^http:\/\/[^\s/]+\/v1\/media\/[^\s]+$/.test(url);
const image = z.string().trim().max(2000).refine(isArticleImage, m.invalidImage);

const fields = {
  title: requiredText(m.titleRequired).max(TEXT_MAX.title),
  description: z.string().trim().max(TEXT_MAX.indexed),
  markdown: z.string().max(TEXT_MAX.long * 4),
  image,
  published: z.boolean({ error: 'published must be true or false' }),
  news: z.boolean({ error: 'news must be true or false' }),
};
const createArticle = z.object({
  ...fields,
  description: fields.description.optional().default(''),
  markdown: fields.markdown.optional().default(''),
  image: image.optional().default(''),
  published: fields.published.optional().default(false),
  news: fields.news.optional().default(false),
});
const updateArticle = z.object(fields).partial();
/** The public list's filter besides the list parameters (parseListQuery): `news=true` lists the News ones. */
const articleFilter = z.object({ news: z.enum(['true', 'false'], { error: "news must be 'true' or 'false'" }).optional() });

/** The schemas the article routes validate with, for the OpenAPI document (src/openapi.ts). */
export const articleSchemas = { createArticle, updateArticle, articleFilter };

/** What the public sees of an article (no edit version). */
const publicView = ({ version: _version, ...doc }: ArticleDoc) => doc;

/**
 * Articles (seed 000 §2, §7): support staff write them in markdown (`/v1/admin/articles`); the
 * published ones are public (`/v1/articles`) for the widget's featured article, Help and News and the
 * marketing blog. `news=true` lists the News ones.
 */
export function articlesRouter(deps: ServiceDeps): Router {
  const router = Router();
  const project = projectArticles(deps.readModels);
  const docs = () => deps.readModels.collection<ArticleDoc>(articles);
  const run = (req: Request, articleId: string, command: ArticleCommand) =>
    handleCommand(deps.eventStore, articleStream(articleId), articleDecider, command, { metadata: metadataFrom(req), inline: [project], expectedVersion: ifMatchVersion(req) });
  const publicFilter = (req: Request): Filter => (parseInput(articleFilter, req.query ?? {}).news === 'true' ? { published: true, news: true } : { published: true });

  router.get('/v1/articles', async (req, res) => {
    const { testMode: _testMode, ...query } = parseListQuery(req.query, { sort: 'publishedAt', order: 'desc' });
    const page = await docs().find({ ...query, filter: publicFilter(req) });
    res.json({ ...page, data: page.data.map(publicView) });
  });

  router.get('/v1/articles/:articleId', async (req, res) => {
    const doc = await docs().get(req.params.articleId);
    if (!doc?.published) throw notFound(m.notFound);
    res.json(publicView(doc));
  });

  router.get('/v1/admin/articles', async (req, res) => {
    requirePlatformAdmin(req);
    const { testMode: _testMode, ...query } = parseListQuery(req.query, { sort: 'updatedAt', order: 'desc' });
    res.json(await docs().find(query));
  });

  router.post('/v1/admin/articles', async (req, res) => {
    const { uid } = requirePlatformAdmin(req);
    const input = parseInput(createArticle, req.body ?? {});
    const articleId = deps.newId();
    const { nextExpectedVersion } = await run(req, articleId, { type: 'CreateArticle', data: { articleId, ...input, by: uid, at: deps.now().toISOString() } });
    setVersionTag(res, nextExpectedVersion);
    res.status(201).json({ id: articleId, message: m.saved });
  });

  router.get('/v1/admin/articles/:articleId', async (req, res) => {
    requirePlatformAdmin(req);
    const doc = await docs().get(req.params.articleId);
    if (!doc) throw notFound(m.notFound);
    setVersionTag(res, doc.version);
    res.json(doc);
  });

  router.post('/v1/admin/articles/:articleId', async (req, res) => {
    const { uid } = requirePlatformAdmin(req);
    const input = parseInput(updateArticle, req.body ?? {});
    const { articleId } = req.params;
    const { nextExpectedVersion } = await run(req, articleId, { type: 'UpdateArticle', data: { articleId, ...input, by: uid, at: deps.now().toISOString() } });
    setVersionTag(res, nextExpectedVersion);
    res.json({ id: articleId, message: m.saved });
  });

  router.delete('/v1/admin/articles/:articleId', async (req, res) => {
    const { uid } = requirePlatformAdmin(req);
    const { articleId } = req.params;
    await run(req, articleId, { type: 'DeleteArticle', data: { articleId, by: uid, at: deps.now().toISOString() } });
    res.json({ id: articleId, message: m.deleted });
  });

  return router;
}
