import {
  DetailSchema,
  GeoStateDetailSchema,
  GeoStateListSchema,
  GeoZipLookupRequestSchema,
  GeoZipLookupResponseSchema,
  MyZipcodesQuerySchema,
  MyZipcodesResponseSchema,
  StateCodeParamsSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { geoDataset } from './dataset';
import { listMyZipcodes } from './service-area';

const errors = { 400: DetailSchema, 401: DetailSchema, 403: DetailSchema, 404: DetailSchema };

/** The place data changes only with a new release of the dataset package. */
const CACHE_PLACE_DATA = 'private, max-age=86400';

export async function geoRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/geo/states',
    {
      preHandler: requireUser,
      schema: {
        tags: ['geo'],
        summary: 'The 50 states and DC with how many ZIP codes and counties each has',
        response: { 200: GeoStateListSchema, ...errors },
      },
    },
    async (_request, reply) => {
      const dataset = await geoDataset();
      reply.header('Cache-Control', CACHE_PLACE_DATA);
      return dataset.states;
    },
  );

  r.get(
    '/geo/states/:code',
    {
      preHandler: requireUser,
      schema: {
        tags: ['geo'],
        summary: "A state's counties (with FIPS codes) and each county's ZIP codes, city and position",
        params: StateCodeParamsSchema,
        response: { 200: GeoStateDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const state = (await geoDataset()).state(request.params.code);
      if (!state) throw notFound(`There is no US state with the code "${request.params.code}".`);
      reply.header('Cache-Control', CACHE_PLACE_DATA);
      return state;
    },
  );

  r.post(
    '/geo/zips/lookup',
    {
      preHandler: requireUser,
      schema: {
        tags: ['geo'],
        summary: 'Where ZIP codes are: city, county and state of each; the unknown ones listed apart',
        body: GeoZipLookupRequestSchema,
        response: { 200: GeoZipLookupResponseSchema, ...errors },
      },
    },
    async (request) => {
      const dataset = await geoDataset();
      const asked = [...new Set(request.body.zips)];
      return {
        zips: asked.flatMap((zip) => dataset.zip(zip) ?? []),
        unknown: asked.filter((zip) => !dataset.zip(zip)),
      };
    },
  );

  r.get(
    '/portal/me/zipcodes',
    {
      preHandler: requireUser,
      schema: {
        tags: ['geo'],
        summary: 'My covered ZIP codes with city, county and state; q filters by ZIP prefix or place name',
        querystring: MyZipcodesQuerySchema,
        response: { 200: MyZipcodesResponseSchema, ...errors },
      },
    },
    async (request) => listMyZipcodes(app.deps.database.db, currentUser(request), request.query.q),
  );
}
