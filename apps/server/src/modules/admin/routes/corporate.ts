import {
  AdminCorporateUserCreatedSchema,
  AdminCorporateUserCreateSchema,
  AdminCorporateUserPatchSchema,
  AdminCorporateUserSchema,
  AdminCorporateUsersListSchema,
  AdminCorporateUsersQuerySchema,
  AdminGroupCreateSchema,
  AdminGroupDetailSchema,
  AdminGroupPatchSchema,
  AdminGroupsListSchema,
  AdminGroupsQuerySchema,
  AdminLoginLinkSchema,
  AdminMembershipSchema,
} from '@portal/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consoleActor, throttleConsoleSend } from '../common';
import {
  createCorporate,
  createGroupFor,
  deleteGroup,
  deleteMember,
  groupDetail,
  listCorporateUsers,
  listGroups,
  patchCorporateUser,
  putMember,
  renameGroup,
  sendCorporateLink,
} from '../corporate';
import { errors, Id, tags } from './schemas';

/** Corporate users (with their sign-in links) and groups (with their members and managers). */
export async function adminCorporateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const db = () => deps.database.db;

  r.get(
    '/admin/corporate-users',
    {
      schema: {
        tags,
        summary: 'Corporate users',
        querystring: AdminCorporateUsersQuerySchema,
        response: { 200: AdminCorporateUsersListSchema, ...errors },
      },
    },
    async (request) => listCorporateUsers(db(), request.query),
  );
  r.post(
    '/admin/corporate-users',
    {
      schema: {
        tags,
        summary: 'Create a corporate user and e-mail its sign-in link',
        body: AdminCorporateUserCreateSchema,
        response: { 201: AdminCorporateUserCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The answer carries a one-time sign-in link.
      reply.header('Cache-Control', 'no-store');
      await throttleConsoleSend(request, 'corporate-link', request.body.email);
      return reply.status(201).send(await createCorporate(deps, request.body, consoleActor(request)));
    },
  );
  r.patch(
    '/admin/corporate-users/:id',
    {
      schema: {
        tags,
        summary: 'Rename, deactivate or reactivate a corporate user',
        params: Id,
        body: AdminCorporateUserPatchSchema,
        response: { 200: AdminCorporateUserSchema, ...errors },
      },
    },
    async (request) => patchCorporateUser(deps, request.params.id, request.body, consoleActor(request)),
  );
  r.post(
    '/admin/corporate-users/:id/login-link',
    {
      schema: {
        tags,
        summary: 'A new one-time sign-in link, e-mailed (older links stop working)',
        params: Id,
        response: { 200: AdminLoginLinkSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      await throttleConsoleSend(request, 'corporate-link', request.params.id);
      return sendCorporateLink(deps, request.params.id, consoleActor(request));
    },
  );
  r.get(
    '/admin/groups',
    {
      schema: {
        tags,
        summary: 'Groups',
        querystring: AdminGroupsQuerySchema,
        response: { 200: AdminGroupsListSchema, ...errors },
      },
    },
    async (request) => listGroups(db(), request.query),
  );
  r.post(
    '/admin/groups',
    {
      schema: {
        tags,
        summary: 'Create a group owned by a corporate user',
        body: AdminGroupCreateSchema,
        response: { 201: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createGroupFor(deps, request.body, consoleActor(request))),
  );
  r.get(
    '/admin/groups/:id',
    {
      schema: {
        tags,
        summary: 'A group with its members and managers',
        params: Id,
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) => groupDetail(db(), request.params.id),
  );
  r.patch(
    '/admin/groups/:id',
    {
      schema: {
        tags,
        summary: 'Rename a group',
        params: Id,
        body: AdminGroupPatchSchema,
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) =>
      request.body.name === undefined
        ? groupDetail(db(), request.params.id)
        : renameGroup(deps, request.params.id, request.body.name, consoleActor(request)),
  );
  r.delete(
    '/admin/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete a group (its memberships go with it)',
        params: Id,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteGroup(deps, request.params.id, consoleActor(request));
      return reply.status(204).send(null);
    },
  );
  r.put(
    '/admin/groups/:id/members',
    {
      schema: {
        tags,
        summary: 'Add an agent to a group, or change whether it manages it',
        params: Id,
        body: AdminMembershipSchema,
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) => putMember(deps, request.params.id, request.body, consoleActor(request)),
  );
  r.delete(
    '/admin/groups/:id/members/:agentId',
    {
      schema: {
        tags,
        summary: 'Take an agent out of a group',
        params: z.object({ id: z.string().min(1).max(100), agentId: z.string().min(1).max(100) }),
        response: { 200: AdminGroupDetailSchema, ...errors },
      },
    },
    async (request) => deleteMember(deps, request.params.id, request.params.agentId, consoleActor(request)),
  );
}
