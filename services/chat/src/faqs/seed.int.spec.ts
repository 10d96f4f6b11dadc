import { createKeyValueAdapters, createLogger, createMetrics, handleCommand, startService } from '@seatside/chassis';
import { freshSchema, type FreshSchema } from '@seatside/chassis/src/testkit/pg';
import { startTestService } from '@seatside/chassis/src/testkit/service';
import { chatService, createChatService, seedFaqs } from '../index';
import { faqDecider, faqStream } from './faq';
import { faqs, projectFaqs, type FaqDoc } from './projections';

describe('FAQ seed', () => {
  let fresh: FreshSchema;
  beforeEach(async () => {
    fresh = await freshSchema('chat');
  });
  afterEach(() => fresh.drop());

  /** Starts the chat service over the same schema each time, as a restart would. */
  const start = async () => {
    const kv = await createKeyValueAdapters({});
    const started = await startService(chatService, {
      pool: fresh.pool,
      schema: fresh.schema,
      kv,
      logger: createLogger({ service: 'chat', level: 'silent' }),
      metrics: createMetrics({ defaultMetrics: false }),
    });
    const list = async () => (await started.deps.readModels.collection<FaqDoc>(faqs).find({ sort: 'createdAt', order: 'asc', limit: 100 })).data;
    return {
      started,
      list,
      async stop() {
        await started.stop();
        await kv.close();
      },
    };
  };

  it('given the service started twice, then each seed FAQ exists once, some with scope pricing', async () => {
    const first = await start();
    await first.stop();
    const second = await start();
    const listed = await second.list();
    expect(listed.map((f) => f.id).sort()).toEqual(seedFaqs.map((f) => f.id).sort());
    expect(listed.filter((f) => f.scope === 'pricing').length).toBeGreaterThanOrEqual(2);
    for (const seed of seedFaqs) expect(await second.started.deps.eventStore.readStream(`faq-${seed.id}`)).toHaveLength(1);
    await second.stop();
  });

  it('given a deleted seed FAQ, when the service restarts, then it stays deleted', async () => {
    const first = await start();
    const { deps } = first.started;
    await handleCommand(deps.eventStore, faqStream('seed-2'), faqDecider, { type: 'DeleteFaq', data: { faqId: 'seed-2', at: deps.now().toISOString() } }, {
      inline: [projectFaqs(deps.readModels)],
    });
    await first.stop();
    const second = await start();
    const ids = (await second.list()).map((f) => f.id);
    expect(ids).not.toContain('seed-2');
    expect(ids).toHaveLength(seedFaqs.length - 1);
    expect((await second.started.deps.eventStore.readStream('faq-seed-2')).map((e) => e.type)).toEqual(['FaqCreated', 'FaqDeleted']);
    await second.stop();
  });

  it('given an API spec service without seeds, then the FAQ collection starts empty', async () => {
    const svc = await startTestService(createChatService({ seedFaqs: [] }));
    expect((await svc.http().get('/v1/faqs')).body.total).toBe(0);
    await svc.stop();
  });
});
