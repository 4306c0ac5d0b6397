import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestContext, type TestContext, testConfig } from './helpers/app';

let ctx: TestContext;
let app: FastifyInstance;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({ ...ctx.deps, config: testConfig({ OFFICE_EMAIL: 'help@brokerage.example' }) });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('GET /api/contact', () => {
  it("gives anyone the office's configured address, for the FAQ", async () => {
    const response = await app.inject({ url: '/api/contact' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'help@brokerage.example' });
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
