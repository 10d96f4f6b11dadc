import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  conflict, handleCommand, ifMatchVersion, metadataFrom, parseInput, requiredText, setVersionTag, tenantCollections, validationFailed,
  type ServiceDeps, TEXT_MAX,
} from '@seatside/chassis';
import { lastDays, statsTenant, type TagDailyStats } from '../stats/store';
import type { TagRecords } from './access';
import { isValidSerial } from './codes';
import { CodeTaken, projectTags, tagViewOf } from './projections';
import { tagDecider, tagMessages as m, tagStream, type TagCommand, type TagFields, type TagOwner } from './tag';

/** One metadata pair of the form: a key is required once a pair is given; values may be typed as numbers (27). */
const metadataField = z.object({
  key: requiredText(m.keyRequired).max(TEXT_MAX.name),
  value: z.union([z.string().max(TEXT_MAX.indexed), z.number()]).optional().transform((value) => (value === undefined ? '' : String(value).trim())),
  visible: z.boolean().optional().default(true),
});

/** Every field as an update may send it; a create requires the name and may choose its mode. */
const tagChanges = z.object({ name: requiredText(m.nameRequired).max(TEXT_MAX.name).optional(), metadata: z.array(metadataField).optional() });
const newTag = tagChanges.extend({ name: requiredText(m.nameRequired).max(TEXT_MAX.name), testMode: z.boolean().optional() });
/** Seed 001 §7: activation sends the tag values plus `nfc: true` (false for a QR activation). */
const activation = newTag.extend({ nfc: z.boolean().optional().default(true) });

/** The bodies the tag routes parse, named in the OpenAPI document (src/openapi.ts). */
export const tagSchemas = { newTag, tagChanges, activation };

/** The form's `metadata` is the event's ordered `metadataFields`; absent fields stay absent (a partial update). */
const fieldsOf = ({ name, metadata }: z.output<typeof tagChanges>): Partial<TagFields> => ({
  ...(name === undefined ? {} : { name }),
  ...(metadata === undefined ? {} : { metadataFields: metadata }),
});

/** The list's `stats` cover the last 7 UTC days (today included); a tag's series the last 30. */
const LIST_STATS_DAYS = 7;
const SERIES_DAYS = 30;

/** Drawing again is only needed if a random code collides with a live one; five misses in a row means something is wrong. */
const CODE_ATTEMPTS = 5;

async function withFreshCode<T>(newCode: () => string, attempt: (code: string) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(newCode());
    } catch (error) {
      if (!(error instanceof CodeTaken)) throw error;
      if (tries >= CODE_ATTEMPTS) throw conflict(m.noFreeCode);
    }
  }
}

/** A tenant's tags (docs/tags-api.md): any member reads and writes them; an API key only in its own mode. */
export function tagsRouter(deps: ServiceDeps, records: TagRecords, newCode: () => string, stats: TagDailyStats): Router {
  const router = Router();
  const project = projectTags(deps.readModels, deps.schema);
  const at = () => deps.now().toISOString();
  const run = (req: Request, tag: TagOwner & { tagId: string; testMode: boolean }, command: TagCommand) =>
    handleCommand(deps.eventStore, tagStream(tag.tagId), tagDecider, command, {
      metadata: metadataFrom(req, { tenantId: tag.tenantId, tenantCollection: tag.collection, testMode: tag.testMode }),
      inline: [project],
      expectedVersion: ifMatchVersion(req),
    });

  for (const collection of tenantCollections) {
    const base = `/v1/${collection}/:tenantId/tags`;
    /** The path is built per collection, so Express cannot type `:tenantId`: it is read by name. */
    const ownerOf = (req: { params: Record<string, unknown> }): TagOwner => ({ collection, tenantId: String(req.params.tenantId) });

    router.get(base, async (req, res) => {
      const owner = ownerOf(req);
      const page = await records.list(req, owner);
      const [from = ''] = lastDays(deps.now(), LIST_STATS_DAYS);
      const totals = await stats.totals(deps.pool, statsTenant(owner), page.data.map((tag) => tag.id), from);
      res.json({ ...page, data: page.data.map((tag) => ({ ...tagViewOf(tag), stats: totals.get(tag.id) ?? { scans: 0, orders: 0 } })) });
    });

    router.get(`${base}/:tagId/stats`, async (req, res) => {
      const owner = ownerOf(req);
      const tag = await records.existing(req, owner, req.params.tagId);
      res.json({ days: await stats.series(deps.pool, statsTenant(owner), tag.id, lastDays(deps.now(), SERIES_DAYS)) });
    });

    router.post(base, async (req, res) => {
      const owner = ownerOf(req);
      const { testMode, fields } = await records.parseNew(req, owner, newTag);
      const tagId = deps.newId();
      const created = { ...owner, tagId, testMode, name: fields.name, metadataFields: fields.metadata ?? [], at: at() };
      const { nextExpectedVersion } = await withFreshCode(newCode, (code) => run(req, created, { type: 'CreateTag', data: { ...created, code } }));
      setVersionTag(res, nextExpectedVersion);
      res.status(201).json({ id: tagId, message: m.created });
    });

    router.post(`${base}/activate/:serial`, async (req, res) => {
      const owner = ownerOf(req);
      const { testMode, fields } = await records.parseNew(req, owner, activation);
      const code = req.params.serial;
      if (!isValidSerial(code)) throw validationFailed(m.serialInvalid, { serial: m.serialInvalid });
      const tagId = deps.newId();
      const data = { ...owner, tagId, code, testMode, name: fields.name, metadataFields: fields.metadata ?? [], nfc: fields.nfc, at: at() };
      const { nextExpectedVersion } = await run(req, data, { type: 'ActivateTag', data });
      setVersionTag(res, nextExpectedVersion);
      res.status(201).json({ id: tagId, message: m.activated });
    });

    router.get(`${base}/:tagId`, async (req, res) => {
      const tag = await records.existing(req, ownerOf(req), req.params.tagId);
      setVersionTag(res, tag.version);
      res.json(tagViewOf(tag));
    });

    router.post(`${base}/:tagId`, async (req, res) => {
      const owner = ownerOf(req);
      const { tagId } = req.params;
      const { testMode } = await records.existing(req, owner, tagId);
      const changes = fieldsOf(parseInput(tagChanges, req.body ?? {}));
      const { nextExpectedVersion } = await run(req, { ...owner, tagId, testMode }, { type: 'UpdateTag', data: { ...owner, tagId, changes, at: at() } });
      setVersionTag(res, nextExpectedVersion);
      res.json({ id: tagId, message: m.updated });
    });

    router.delete(`${base}/:tagId`, async (req, res) => {
      const owner = ownerOf(req);
      const { tagId } = req.params;
      const { testMode } = await records.existing(req, owner, tagId);
      await run(req, { ...owner, tagId, testMode }, { type: 'DeleteTag', data: { ...owner, tagId, at: at() } });
      res.json({ id: tagId, message: m.deleted });
    });
  }

  return router;
}
