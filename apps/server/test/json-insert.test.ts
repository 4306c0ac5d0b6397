import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leads, outboxMessages } from '../src/db/schema';
import { jsonInsert, rowsOf } from '../src/lib/json-insert';
import { openTestDatabase, type TestDatabase } from './helpers/database';
import { seedAgent } from './helpers/factories';

let test: TestDatabase;
const db = () => test.database.db;

beforeAll(async () => {
  test = await openTestDatabase();
});
afterAll(() => test?.drop());

describe('rows inserted as one JSON parameter', () => {
  it('writes each value as its column takes it, and reads the rows back as a select gives them', async () => {
    const { agent } = await seedAgent(db());
    const soldAt = new Date('2026-03-04T05:06:07.089Z');
    const result = await db().execute(
      sql`${jsonInsert(
        leads,
        [
          {
            agentId: agent.id,
            leadType: 'fsbo',
            source: 'json test',
            zip: '78701',
            firstName: 'Zoë "Quoted" Ōta',
            notes: 'line one\nline two, 😀',
            routing: {
              decision: 'assigned',
              reason: 'only agent',
              candidates: 1,
              decidedAt: soldAt.toISOString(),
            },
            salePrice: 412345.67,
            closedAt: soldAt,
          },
          // Leaves out what the other names: its columns' defaults, or null where there is none.
          { leadType: 'fsbo', source: 'json test', zip: '78702', lastName: 'Second' },
        ],
        { createdAt: sql`'2026-01-02T03:04:05Z'::timestamptz` },
      )} returning *`,
    );
    const [first, second] = rowsOf(leads, result);
    const [selected] = await db().select().from(leads).where(eq(leads.id, first!.id));
    expect(first).toEqual(selected);
    expect(first).toMatchObject({
      agentId: agent.id,
      firstName: 'Zoë "Quoted" Ōta',
      notes: 'line one\nline two, 😀',
      routing: { decision: 'assigned', reason: 'only agent', candidates: 1 },
      salePrice: 412345.67,
      closedAt: soldAt,
      createdAt: new Date('2026-01-02T03:04:05Z'),
      status: 'active',
    });
    expect(second).toMatchObject({
      agentId: null,
      firstName: '',
      lastName: 'Second',
      routing: null,
      closedAt: null,
      status: 'active',
    });
  });

  it("fills a left-out column's value default row by row; one in SQL must be named by every row or none", async () => {
    const message = { channel: 'sms' as const, toAddress: '+15125550100', fromAddress: '+15125550199' };
    const result = await db().execute(
      sql`${jsonInsert(outboxMessages, [
        {
          ...message,
          textBody: 'first',
          attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: 'YQ==' }],
        },
        { ...message, textBody: 'second' },
      ])} returning *`,
    );
    const rows = rowsOf(outboxMessages, result);
    expect(rows.map((row) => [row.textBody, row.attachments.length, row.status])).toEqual([
      ['first', 1, 'queued'],
      ['second', 0, 'queued'],
    ]);
    expect(() =>
      jsonInsert(outboxMessages, [
        { ...message, textBody: 'x', createdAt: new Date() },
        { ...message, textBody: 'y' },
      ]),
    ).toThrow('outbox_messages.createdAt has a default in SQL');
    // A value written in SQL belongs in `computed`, where it is written as SQL, not as text.
    expect(() =>
      jsonInsert(outboxMessages, [{ ...message, textBody: sql`'x'` as unknown as string }]),
    ).toThrow('textBody is SQL');
  });
});
