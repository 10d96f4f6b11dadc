import { handleCommand, isDomainError, type CollectionSpec, type Doc, type EventMetadata, type Filter, type ServiceDeps } from '@seatside/chassis';
import { catalogV1 } from '@seatside/proto';
import { projectTags, tags } from './tags/projections';
import { tagDecider, tagStream } from './tags/tag';
import { projectTemplates, templates } from './templates/projections';
import { templateDecider, templateStream } from './templates/template';

/**
 * A merchant's Delete Test Data (settings; the catalog's `seatside.catalog.v1.TestDataDeleted`)
 * reaches this service's sandbox too: every sandbox template and tag of that merchant is deleted
 * through the same `DeleteTemplate` / `DeleteTag` commands and inline projections as the delete
 * routes, so the read models, code claims and the published `TagDeleted` follow as they do for a
 * single delete. Production records, and other tenants', are never read or written.
 */
export const SANDBOX_SUBSCRIPTION = 'tags-sandbox';

const PAGE = 500;

/** Ids of one merchant's sandbox documents in a collection, read in full before any is deleted. */
async function sandboxIds(deps: Pick<ServiceDeps, 'readModels'>, spec: CollectionSpec, filter: Filter): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await deps.readModels.collection<Doc>(spec).find({ filter, limit: PAGE, cursor });
    ids.push(...page.data.map((doc) => doc.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/** A record deleted meanwhile (by its route, or an earlier delivery of the same message) is already gone. */
const alreadyGone = (error: unknown) => isDomainError(error) && error.kind === 'NotFound';

async function each(ids: string[], remove: (id: string) => Promise<unknown>): Promise<number> {
  let deleted = 0;
  for (const id of ids) {
    try {
      await remove(id);
      deleted += 1;
    } catch (error) {
      if (!alreadyGone(error)) throw error;
    }
  }
  return deleted;
}

/**
 * Deletes a merchant's sandbox templates, then its sandbox tags (the templates may link them), one
 * command each (its own transaction). Answers how many records were deleted.
 */
export function deleteSandboxTags(deps: ServiceDeps) {
  const projectTag = projectTags(deps.readModels, deps.schema);
  const projectTemplate = projectTemplates(deps.readModels);
  return async (merchantId: string, cause: EventMetadata): Promise<number> => {
    const owner = { collection: 'merchants', tenantId: merchantId } as const;
    const metadata: EventMetadata = { ...cause, tenantId: merchantId, tenantCollection: owner.collection, testMode: true };
    const at = () => deps.now().toISOString();
    const templateIds = await sandboxIds(deps, templates, { collection: owner.collection, documentId: merchantId, testMode: true });
    const deletedTemplates = await each(templateIds, (templateId) =>
      handleCommand(deps.eventStore, templateStream(templateId), templateDecider, { type: 'DeleteTemplate', data: { ...owner, templateId, at: at() } }, { metadata, inline: [projectTemplate] }));
    const tagIds = await sandboxIds(deps, tags, { collection: owner.collection, tenantId: merchantId, testMode: true });
    const deletedTags = await each(tagIds, (tagId) =>
      handleCommand(deps.eventStore, tagStream(tagId), tagDecider, { type: 'DeleteTag', data: { ...owner, tagId, at: at() } }, { metadata, inline: [projectTag] }));
    return deletedTemplates + deletedTags;
  };
}

/** Follows the catalog's `seatside.catalog.v1.TestDataDeleted` (docs/tags-api.md, "Delete Test Data"). */
export function followSandboxDeletions(deps: ServiceDeps): void {
  const remove = deleteSandboxTags(deps);
  deps.subscribePublished({
    name: SANDBOX_SUBSCRIPTION,
    source: 'catalog',
    messages: [catalogV1.TestDataDeletedSchema],
    handle: async (message, _tx, event) => {
      const envelope = message.envelope;
      await remove(message.merchantId, {
        causationId: event.eventId,
        ...(envelope?.correlationId ? { correlationId: envelope.correlationId } : {}),
        ...(envelope?.actorId ? { actorId: envelope.actorId } : {}),
      });
    },
  });
}
