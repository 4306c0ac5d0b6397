import { ERROR } from '@portal/shared';
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../lib/errors';
import { currentUser, requireUser } from '../../plugins/auth';

/** Corporate users only: anyone else is told so (SPEC.md section 8). */
export async function requireCorporate(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (currentUser(request).userRole !== 'corporate') throw forbidden(ERROR.notCorporate);
}
