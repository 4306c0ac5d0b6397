import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas: /api/openapi.json and the browsable /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance, options: { apiBase: string }) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Agent portal API',
        version: '1.0.0',
        description: 'The API behind the agent lead-referral portal.',
      },
      servers: [{ url: options.apiBase || '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${options.apiBase}/docs` });
  app.get(`${options.apiBase}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
});
