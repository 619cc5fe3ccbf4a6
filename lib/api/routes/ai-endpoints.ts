import { z } from 'zod';
import {
  connectionTestSchema,
  createCustomEndpointBody,
  customEndpointListSchema,
  customEndpointSchema,
  setContextLengthBody,
  testCustomEndpointBody,
} from '../ai-contract';
import { dataOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute } from '../route';

const endpoint = {
  description: 'The endpoint with its discovered models (its key only masked)',
  schema: dataOf(customEndpointSchema),
};
const test = {
  description: 'What the test found: how many models, or the problem in plain words',
  schema: dataOf(connectionTestSchema),
};
const idParam = z.object({ id: idParamSchema });

/**
 * The user's own model endpoints: any OpenAI-compatible server or an Ollama. Keys go in on creation and never come out
 * except masked; each route sees only the caller's endpoints.
 */
export const aiEndpointApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/ai-endpoints',
    tag: 'AI settings',
    summary: "The user's custom endpoints with their discovered models",
    auth: 'user',
    responses: { 200: { description: "The user's endpoints", schema: customEndpointListSchema } },
    errors: [],
  }),
  create: defineRoute({
    method: 'post',
    path: '/api/ai-endpoints',
    tag: 'AI settings',
    summary: 'Add a custom endpoint and discover its models',
    description:
      'A name the user already gave another endpoint is a 409; a failed discovery is kept in `refreshError`.',
    auth: 'user',
    body: { type: 'json', schema: createCustomEndpointBody },
    responses: { 201: endpoint },
    errors: [409],
  }),
  testNew: defineRoute({
    method: 'post',
    path: '/api/ai-endpoints/test',
    tag: 'AI settings',
    summary: 'Try an endpoint before adding it (nothing is stored)',
    auth: 'user',
    body: { type: 'json', schema: testCustomEndpointBody },
    responses: { 200: test },
    errors: [],
  }),
  test: defineRoute({
    method: 'post',
    path: '/api/ai-endpoints/{id}/test',
    tag: 'AI settings',
    summary: 'Try one of the user’s endpoints again',
    auth: 'user',
    params: idParam,
    responses: { 200: test },
    errors: [],
  }),
  refresh: defineRoute({
    method: 'post',
    path: '/api/ai-endpoints/{id}/refresh',
    tag: 'AI settings',
    summary: "Discover an endpoint's models again",
    auth: 'user',
    params: idParam,
    responses: { 200: endpoint },
    errors: [],
  }),
  setContextLength: defineRoute({
    method: 'put',
    path: '/api/ai-endpoints/{id}/context-length',
    tag: 'AI settings',
    summary: "Set the context length of one of the endpoint's models (null forgets it)",
    description: 'Used to fit context into its prompts instead of what the endpoint reported.',
    auth: 'user',
    params: idParam,
    body: { type: 'json', schema: setContextLengthBody },
    responses: { 200: endpoint },
    errors: [],
  }),
  remove: defineRoute({
    method: 'delete',
    path: '/api/ai-endpoints/{id}',
    tag: 'AI settings',
    summary: 'Remove an endpoint with its models',
    description: 'Chats keep their answers; the settings that named its models forget them.',
    auth: 'user',
    params: idParam,
    responses: { 200: { description: 'Removed', schema: dataOf(z.null()) } },
    errors: [],
  }),
};
