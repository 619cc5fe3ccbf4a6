import { z } from 'zod';
import { dataOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';
import { instructionListQuery, memoryBody, memoryListSchema, memorySchema } from '../voice-contract';

const memory = { description: 'The memory', schema: dataOf(memorySchema) };
const idParam = z.object({ id: idParamSchema });

/** Memories: facts the user keeps for later chats, each a gem of its own; only the author's. */
export const memoryApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/memories',
    tag: 'Memories',
    summary: "A page of the user's memories, newest change first",
    description: '`search` is a case-insensitive substring of the memory.',
    auth: 'user',
    query: instructionListQuery,
    responses: { 200: { description: 'The page of memories', schema: memoryListSchema } },
    errors: [],
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/memories',
    tag: 'Memories',
    summary: 'Keep a memory',
    auth: 'user',
    body: { type: 'json', schema: memoryBody },
    responses: { 201: memory },
    errors: [],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/memories/{id}',
    tag: 'Memories',
    summary: 'One memory',
    auth: 'user',
    params: idParam,
    responses: { 200: memory },
    errors: [],
  }),
  update: defineRoute({
    method: 'put',
    path: '/api/memories/{id}',
    tag: 'Memories',
    summary: "Change a memory's text",
    auth: 'user',
    params: idParam,
    body: { type: 'json', schema: memoryBody },
    responses: { 200: memory },
    errors: [],
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/memories/{id}',
    tag: 'Memories',
    summary: 'Forget a memory',
    auth: 'user',
    params: idParam,
    responses: { 200: { description: 'The id of the memory forgotten', schema: dataOf(z.object({ id: z.number() })) } },
    errors: [],
  }),
};
