import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ContactSchema = z.object({
  /** The office's address (OFFICE_EMAIL): it signs the portal's e-mails, so it is no secret. */
  email: z.email(),
});

/**
 * How to reach the office, for the FAQ's "How do I contact the office?": the
 * web app has no other source for it. Open to anyone, like the address on the e-mails.
 */
export async function contactRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/contact',
    {
      schema: { tags: ['site'], summary: "The office's contact address", response: { 200: ContactSchema } },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=3600');
      return { email: app.deps.config.officeEmail };
    },
  );
}
