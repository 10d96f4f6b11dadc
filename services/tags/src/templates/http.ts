import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  handleCommand, ifMatchVersion, metadataFrom, notFound, parseInput, setVersionTag, tenantCollections, validationFailed, type ServiceDeps,
} from '@seatside/chassis';
import { faceByFile, fillVariables, NEW_TEMPLATE, variableValues, type Layer } from '@seatside/template-render';
import { attachment, safeFileBase } from '../qr/file-names';
import { tagLinkOf } from '../qr/http';
import { publicTags, tags, type PublicTagDoc, type TagDoc } from '../tags/projections';
import type { TemplateRecords } from './access';
import { PAPERS, printLayout, writePrint, type Paper } from './pdf';
import { projectTemplates, templates, templateViewOf, type TemplateDoc } from './projections';
import { decodeImages, fontPath, imageLoader, qrMemo, renderAppClipPng, renderPng, strongEtag } from './render';
import { newTemplate, templateChanges, type TemplateChanges } from './schema';
import { templateDecider, templateMessages as m, templateStream, type TemplateCommand, type TemplateFields, type TemplateOwner } from './template';

const withLayerIds = (layers: Layer[] | undefined, newId: () => string): Layer[] | undefined =>
  layers?.map((layer) => ({ ...layer, id: layer.id ?? newId() }) as Layer);

const fieldsOf = (c: TemplateChanges, newId: () => string): Partial<TemplateFields> => {
  const out: Partial<TemplateFields> = {};
  if (c.title !== undefined) out.title = c.title;
  if (c.width !== undefined) out.width = c.width;
  if (c.height !== undefined) out.height = c.height;
  if (c.payload !== undefined) out.payload = c.payload;
  if (c.tagId !== undefined) out.tagId = c.tagId || null;
  if (c.layers !== undefined) out.layers = withLayerIds(c.layers as Layer[], newId);
  return out;
};

/** Seed 002 §7's print body: which tags (`tagIds`, or `all` of the template's mode), the paper, labels per sheet and the bleed in mm. */
export const printBody = z
  .object({
    tagIds: z.array(z.string().trim().min(1).max(200)).max(10_000, 'At most 10000 tags at once').optional(),
    all: z.boolean().optional(),
    paper: z.enum(['A4', 'Letter', 'label'], { error: 'Paper must be one of A4, Letter, label' }).default('A4'),
    perPage: z.number({ error: 'Per page must be a number' }).int('Per page must be a whole number').min(1, 'Per page must be between 1 and 100').max(100, 'Per page must be between 1 and 100').default(1),
    bleed: z.number({ error: 'Bleed must be a number' }).min(0, 'Bleed must be between 0 and 10').max(10, 'Bleed must be between 0 and 10').default(0),
  })
  .refine((b) => b.all === true || (b.tagIds?.length ?? 0) > 0, { message: 'Choose the tags to print', path: ['tagIds'] });

/** Tags read per page while a PDF is written. */
const PRINT_PAGE = 500;

export interface TemplateRoutesOptions {
  publicUrl: string;
  records: TemplateRecords;
  fetchImpl?: typeof fetch;
}

const tagValues = (publicUrl: string, variables: { key: string; value: string }[], tag?: Pick<TagDoc, 'code' | 'metadata'>) =>
  variableValues(variables, tag ? { metadata: tag.metadata, url: tagLinkOf(publicUrl, tag.code) } : undefined);

/** What a preview without a tag links to. */
const previewLink = (publicUrl: string) => `${publicUrl}/tag/preview`;

const imageSrcs = (layers: Layer[], values: ReadonlyMap<string, string>) =>
  layers.flatMap((l) => (l.type === 'image' && !l.hidden && l.options.src ? [fillVariables(l.options.src, values)] : []));

/**
 * A tenant's templates (`/v1/{collection}/{id}/templates…`, with print) and the public renders:
 * `/api/template/?id=` (PNG preview), `/api/template/fonts/{file}` (the shipped fonts) and
 * `/appclip/{code}` (docs/tags-api.md, "Templates").
 */
export function templatesRouter(deps: ServiceDeps, options: TemplateRoutesOptions): Router {
  const router = Router();
  const project = projectTemplates(deps.readModels);
  const docs = () => deps.readModels.collection<TemplateDoc>(templates);
  const tagDocs = () => deps.readModels.collection<TagDoc>(tags);
  const links = () => deps.readModels.collection<PublicTagDoc>(publicTags);
  const { records, publicUrl } = options;
  const loadImage = imageLoader(publicUrl, options.fetchImpl);
  const qr = qrMemo();
  const at = () => deps.now().toISOString();
  const run = (req: Request, t: TemplateOwner & { templateId: string; testMode: boolean }, command: TemplateCommand) =>
    handleCommand(deps.eventStore, templateStream(t.templateId), templateDecider, command, {
      metadata: metadataFrom(req, { tenantId: t.tenantId, tenantCollection: t.collection, testMode: t.testMode }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });

  /** A tag of this tenant and mode, for `tagId` (another tenant's is not found). */
  const ownTag = async (owner: TemplateOwner, testMode: boolean, tagId: string) => {
    const tag = await tagDocs().get(tagId);
    if (!tag || tag.collection !== owner.collection || tag.tenantId !== owner.tenantId || tag.testMode !== testMode) return undefined;
    return tag;
  };
  const checkTag = async (owner: TemplateOwner, testMode: boolean, tagId: string | null | undefined) => {
    if (tagId && !(await ownTag(owner, testMode, tagId))) throw validationFailed(m.tagNotFound, { tagId: m.tagNotFound });
  };

  for (const collection of tenantCollections) {
    const base = `/v1/${collection}/:tenantId/templates`;
    const ownerOf = (req: { params: Record<string, unknown> }): TemplateOwner => ({ collection, tenantId: String(req.params.tenantId) });

    router.get(base, async (req, res) => {
      const page = await records.list(req, ownerOf(req));
      res.json({ ...page, data: page.data.map(templateViewOf) });
    });

    router.post(base, async (req, res) => {
      const owner = ownerOf(req);
      const { testMode, fields } = await records.parseNew(req, owner, newTemplate);
      await checkTag(owner, testMode, fields.tagId);
      const templateId = deps.newId();
      const given = fieldsOf(fields, deps.newId);
      const data = {
        ...owner, templateId, testMode, at: at(),
        title: fields.title, width: given.width ?? NEW_TEMPLATE.width, height: given.height ?? NEW_TEMPLATE.height,
        payload: given.payload ?? { variables: [], gridLines: 0 }, tagId: given.tagId ?? null, layers: given.layers ?? [],
      };
      const { nextExpectedVersion } = await run(req, data, { type: 'CreateTemplate', data });
      setVersionTag(res, nextExpectedVersion);
      res.status(201).json({ id: templateId, message: m.created });
    });

    router.get(`${base}/:templateId`, async (req, res) => {
      const doc = await records.existing(req, ownerOf(req), req.params.templateId);
      setVersionTag(res, doc.version);
      res.json(templateViewOf(doc));
    });

    router.post(`${base}/:templateId`, async (req, res) => {
      const owner = ownerOf(req);
      const { templateId } = req.params;
      const { testMode } = await records.existing(req, owner, templateId);
      const changes = fieldsOf(parseInput(templateChanges, req.body ?? {}), deps.newId);
      await checkTag(owner, testMode, changes.tagId);
      const { nextExpectedVersion } = await run(req, { ...owner, templateId, testMode }, { type: 'UpdateTemplate', data: { ...owner, templateId, changes, at: at() } });
      setVersionTag(res, nextExpectedVersion);
      res.json({ id: templateId, message: m.updated });
    });

    router.delete(`${base}/:templateId`, async (req, res) => {
      const owner = ownerOf(req);
      const { templateId } = req.params;
      const { testMode } = await records.existing(req, owner, templateId);
      await run(req, { ...owner, templateId, testMode }, { type: 'DeleteTemplate', data: { ...owner, templateId, at: at() } });
      res.json({ id: templateId, message: m.deleted });
    });

    router.post(`${base}/:templateId/print`, async (req, res) => {
      const owner = ownerOf(req);
      const template = await records.existing(req, owner, req.params.templateId);
      const body = parseInput(printBody, req.body ?? {});
      const mode = { ...owner, testMode: template.testMode };
      // Named tags are checked before any byte: each must be this tenant's, in the template's mode.
      if (!body.all && body.tagIds) {
        const found = new Map<string, TagDoc>();
        for (let i = 0; i < body.tagIds.length; i += PRINT_PAGE) {
          for (const tag of await tagDocs().getMany(body.tagIds.slice(i, i + PRINT_PAGE))) found.set(tag.id, tag);
        }
        const missing = body.tagIds.findIndex((id) => {
          const tag = found.get(id);
          return !tag || tag.collection !== owner.collection || tag.tenantId !== owner.tenantId || tag.testMode !== template.testMode;
        });
        if (missing >= 0) throw validationFailed(m.tagNotFound, { [`tagIds.${missing}`]: m.tagNotFound });
      }
      const tagIds = body.tagIds;
      async function* tagsToPrint(): AsyncGenerator<TagDoc> {
        if (!body.all && tagIds) {
          for (let i = 0; i < tagIds.length; i += PRINT_PAGE) {
            const ids = tagIds.slice(i, i + PRINT_PAGE);
            const byId = new Map((await tagDocs().getMany(ids)).map((t) => [t.id, t]));
            for (const id of ids) {
              const tag = byId.get(id);
              if (tag) yield tag;
            }
          }
          return;
        }
        let cursor: string | undefined;
        do {
          const page = await tagDocs().find({ filter: { collection: mode.collection, tenantId: mode.tenantId, testMode: mode.testMode }, sort: 'sortName', order: 'asc', limit: PRINT_PAGE, ...(cursor ? { cursor } : {}) });
          yield* page.data;
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
      }
      const variables = template.payload.variables;
      async function* labels() {
        for await (const tag of tagsToPrint()) yield tagValues(publicUrl, variables, tag);
      }
      // Images may use variables only through the template's own values; they are decoded once.
      const images = await decodeImages(imageSrcs(template.layers, variableValues(variables)), loadImage);
      res.set({ 'Content-Type': 'application/pdf', 'Content-Disposition': attachment(`${safeFileBase(template.title)}.pdf`), 'Cache-Control': 'private, no-store' });
      try {
        await writePrint(res, {
          template, images, qr, layout: printLayout(template, body.paper as Paper, body.perPage, body.bleed), labels: labels(), gone: () => res.destroyed,
        });
      } catch (error) {
        if (!res.headersSent) throw error;
        deps.logger.error({ err: error }, 'template print: stopped by an error');
        res.destroy(error as Error);
      }
    });
  }

  /** `cache`: seconds a preview may be kept (seed 002 §7 asks 3000); default none. */
  const cacheSeconds = (value: unknown) => {
    if (value === undefined) return 0;
    const n = typeof value === 'string' && /^\d{1,8}$/.test(value) ? Number(value) : NaN;
    if (!(n >= 0 && n <= 31_536_000)) throw validationFailed('cache must be a number of seconds', { cache: 'cache must be a number of seconds' });
    return n;
  };

  router.get('/api/template', async (req, res) => {
    const id = typeof req.query.id === 'string' ? req.query.id : '';
    const maxAge = cacheSeconds(req.query.cache);
    const template = id ? await docs().get(id) : null;
    if (!template) throw notFound(m.notFound);
    const tag = template.tagId ? await ownTag({ collection: template.collection, tenantId: template.documentId }, template.testMode, template.tagId) : undefined;
    const etag = strongEtag('preview', template.id, template.version, tag?.id ?? '', tag?.version ?? 0, publicUrl);
    res.set({ ETag: etag, 'Cache-Control': maxAge > 0 ? `public, max-age=${maxAge}` : 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    if ((req.get('if-none-match') ?? '').split(',').some((t) => t.trim() === etag)) {
      res.status(304).end();
      return;
    }
    const values = tagValues(publicUrl, template.payload.variables, tag);
    if (!tag) values.set('url', values.get('url') ?? previewLink(publicUrl));
    const images = await decodeImages(imageSrcs(template.layers, values), loadImage);
    res.type('image/png').send(renderPng(template, values, images, qr));
  });

  router.get('/api/template/fonts/:file', (req, res) => {
    const face = faceByFile(req.params.file);
    if (!face) throw notFound('Font not found');
    res.set({ 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*' });
    res.type('font/woff2').sendFile(fontPath(face));
  });

  router.get('/appclip/:code', async (req, res) => {
    const errors: Record<string, string> = {};
    const hex = (name: string, fallback: string) => {
      const v = req.query[name];
      if (v === undefined) return fallback;
      if (typeof v !== 'string' || !/^#?(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v)) {
        errors[name] = `${name} must be a hex colour`;
        return fallback;
      }
      return `#${v.replace(/^#/, '').toLowerCase()}`;
    };
    const pick = <T extends string>(name: string, values: readonly T[], fallback: T): T => {
      const v = req.query[name];
      if (v === undefined) return fallback;
      if (typeof v !== 'string' || !values.includes(v as T)) {
        errors[name] = `${name} must be one of ${values.join(', ')}`;
        return fallback;
      }
      return v as T;
    };
    const background = hex('background', '#ffffff');
    const foreground = hex('foreground', '#000000');
    const logo = pick('logo', ['badge', 'none'] as const, 'badge');
    const type = pick('type', ['nfc', 'cam'] as const, 'nfc');
    const sizeText = req.query.size;
    const size = sizeText === undefined ? 512 : typeof sizeText === 'string' && /^\d{2,4}$/.test(sizeText) ? Number(sizeText) : NaN;
    if (!(size >= 64 && size <= 2048)) errors.size = 'size must be between 64 and 2048';
    if (Object.keys(errors).length) throw validationFailed(Object.values(errors)[0]!, errors);
    const code = req.params.code;
    if (!(await links().get(code))) throw notFound('Tag not found');
    const link = tagLinkOf(publicUrl, code);
    res.set({ ETag: strongEtag('appclip', link, background, foreground, logo, type, size), 'Cache-Control': 'public, max-age=86400', 'X-Content-Type-Options': 'nosniff' });
    res.type('image/png').send(renderAppClipPng(link, { background, foreground, logo, type }, size, qr));
  });

  return router;
}

export { PAPERS };
