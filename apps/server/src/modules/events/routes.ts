import { DetailSchema } from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { resolveListener } from './audience';
import { LeadStreams } from './stream';

export const NOT_AN_EVENT_STREAM_CLIENT =
  'This is a Server-Sent Events stream: ask for it with "Accept: text/event-stream".';
export const EVENTS_UNAVAILABLE =
  'Live updates are unavailable for a moment; pages keep refreshing on their own. Try again shortly.';

const tooManyStreams = (limit: number) =>
  `You already have ${limit} live update streams open, the most allowed: close another tab of the portal and try again.`;

/** Whether the client asked for an event stream (EventSource and the portal's client both do). */
const acceptsEventStream = (accept: string | undefined) =>
  /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? '');

export async function eventRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  const streams = new LeadStreams(
    () => app.deps.queue.events,
    () => app.deps.database.db,
    { heartbeatMs: config.eventsHeartbeatMs, perUser: config.rateLimits.eventStreamsPerUser },
  );
  // Open streams would hold the server open: each is told to reconnect (to another process).
  app.addHook('preClose', async () => streams.closeAll());

  r.get(
    '/portal/me/events',
    {
      schema: {
        tags: ['leads'],
        summary:
          'Live lead events (Server-Sent Events, Accept: text/event-stream): lead.created and lead.updated with the id, resync, reconnect',
        response: {
          200: z.string().describe('text/event-stream'),
          401: DetailSchema,
          403: DetailSchema,
          406: DetailSchema,
          429: DetailSchema,
          503: DetailSchema,
        },
      },
    },
    async (request, reply) => {
      const listener = await resolveListener(request);
      // A plain GET (a link followed, a JSON client) does not hold a stream open.
      if (!acceptsEventStream(request.headers.accept)) {
        return reply.status(406).send({ detail: NOT_AN_EVENT_STREAM_CLIENT });
      }
      if (!(await app.deps.queue.events.ready(2000))) {
        throw new AppError('unavailable', EVENTS_UNAVAILABLE, { 'Retry-After': '5' });
      }
      // Counted and opened in one turn of the event loop: no two requests pass the limit together.
      if (streams.full(listener.audience.key)) {
        throw new AppError('rate_limited', tooManyStreams(config.rateLimits.eventStreamsPerUser), {
          'Retry-After': '30',
        });
      }
      const body = streams.open(listener.audience, listener.endsAt, listener.endReason);
      return (
        reply
          .header('Content-Type', 'text/event-stream; charset=utf-8')
          .header('Cache-Control', 'no-cache, no-transform')
          .header('X-Accel-Buffering', 'no')
          // A stream is written as it comes, never serialized: the schema above only documents it.
          .send(body as never)
      );
    },
  );
}
