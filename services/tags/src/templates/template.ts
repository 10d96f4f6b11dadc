import { conflict, notFound, type Decider, type TenantCollection } from '@seatside/chassis';
import type { Layer, TemplatePayload } from '@seatside/template-render';

/** The templates routes' strings, reused by tests. */
export const templateMessages = {
  titleRequired: 'Title is required',
  keyRequired: 'Key is required',
  notFound: 'Template not found',
  created: 'Template Created',
  updated: 'Template Updated',
  deleted: 'Template Deleted',
  alreadyExists: 'This template already exists',
  iconInvalid: 'Icon must be an SVG path',
  gradientColors: 'A gradient has 2 to 10 colours',
  tagNotFound: 'Tag not found',
} as const;

export type TemplateOwner = { collection: TenantCollection; tenantId: string };

/** The whole template, as each Created and Updated event carries it (a snapshot to upsert). */
export type TemplateSnapshot = TemplateOwner & {
  templateId: string;
  title: string;
  width: number;
  height: number;
  payload: TemplatePayload;
  tagId: string | null;
  layers: Layer[];
  testMode: boolean;
  createdAt: string;
  updatedAt: string;
};

export type TemplateFields = Pick<TemplateSnapshot, 'title' | 'width' | 'height' | 'payload' | 'tagId' | 'layers'>;

export type TemplateEvent =
  | { type: 'TemplateCreated'; data: TemplateSnapshot }
  | { type: 'TemplateUpdated'; data: TemplateSnapshot }
  | { type: 'TemplateDeleted'; data: TemplateOwner & { templateId: string; testMode: boolean; at: string } };

export type TemplateCommand =
  | { type: 'CreateTemplate'; data: TemplateOwner & TemplateFields & { templateId: string; testMode: boolean; at: string } }
  | { type: 'UpdateTemplate'; data: TemplateOwner & { templateId: string; changes: Partial<TemplateFields>; at: string } }
  | { type: 'DeleteTemplate'; data: TemplateOwner & { templateId: string; at: string } };

export type TemplateState = { status: 'none' } | { status: 'live'; template: TemplateSnapshot } | { status: 'deleted' };

function live(state: TemplateState, owner: TemplateOwner): TemplateSnapshot {
  if (state.status !== 'live' || state.template.collection !== owner.collection || state.template.tenantId !== owner.tenantId) throw notFound(templateMessages.notFound);
  return state.template;
}

export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state) {
    switch (command.type) {
      case 'CreateTemplate': {
        if (state.status !== 'none') throw conflict(templateMessages.alreadyExists);
        const { at, ...template } = command.data;
        return [{ type: 'TemplateCreated', data: { ...template, createdAt: at, updatedAt: at } }];
      }
      case 'UpdateTemplate':
        return [{ type: 'TemplateUpdated', data: { ...live(state, command.data), ...command.data.changes, updatedAt: command.data.at } }];
      case 'DeleteTemplate': {
        const { templateId, collection, tenantId, testMode } = live(state, command.data);
        return [{ type: 'TemplateDeleted', data: { templateId, collection, tenantId, testMode, at: command.data.at } }];
      }
    }
  },
  evolve(_state, event) {
    return event.type === 'TemplateDeleted' ? { status: 'deleted' } : { status: 'live', template: event.data };
  },
};

export const templateStream = (templateId: string) => `template-${templateId}`;
