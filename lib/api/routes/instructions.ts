import { z } from 'zod';
import { dataOf } from '../core-contract';
import { idParamSchema } from '../integers';
import { defineRoute, type RouteBody, type RouteResponse } from '../route';
import {
  brandVoiceListSchema,
  brandVoiceSchema,
  createBrandVoiceBody,
  createPersonaBody,
  instructionListQuery,
  personaListSchema,
  personaSchema,
  updateBrandVoiceBody,
  updatePersonaBody,
} from '../voice-contract';

const idParams = z.object({ id: idParamSchema });
const deletedSchema = dataOf(z.object({ id: z.number() }));

/** The five routes of a kind of instruction the user keeps (brand voices, personas), each only its author's. */
function instructionRoutes<
  const P extends string,
  L extends z.ZodType,
  O extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
>(
  path: P,
  tag: string,
  what: string,
  schemas: { list: L; one: O; create: C; update: U },
  /** A persona's default model is another resource: an unknown one is a 404 naming `data.modelId`. */
  createErrors: 404[] = [],
) {
  const one = (description: string) => ({ description, schema: dataOf(schemas.one) }) satisfies RouteResponse;
  const json = <S extends z.ZodType>(schema: S) => ({ type: 'json', schema }) as const satisfies RouteBody;
  return {
    list: defineRoute({
      method: 'get',
      path: `/api/${path}`,
      tag,
      summary: `The user's ${what}s matching a search, the default first`,
      auth: 'user',
      query: instructionListQuery,
      responses: { 200: { description: `A page of ${what}s and how many match`, schema: schemas.list } },
      errors: [],
    }),
    create: defineRoute({
      method: 'post',
      path: `/api/${path}`,
      tag,
      summary: `Create a ${what}`,
      auth: 'user',
      body: json(schemas.create),
      responses: { 201: one(`The ${what}`) },
      errors: createErrors,
    }),
    get: defineRoute({
      method: 'get',
      path: `/api/${path}/{id}`,
      tag,
      summary: `One ${what}`,
      auth: 'user',
      params: idParams,
      responses: { 200: one(`The ${what}`) },
      errors: [],
    }),
    update: defineRoute({
      method: 'put',
      path: `/api/${path}/{id}`,
      tag,
      summary: `Edit a ${what}`,
      auth: 'user',
      params: idParams,
      body: json(schemas.update),
      responses: { 200: one(`The ${what} as saved`) },
      errors: [],
    }),
    delete: defineRoute({
      method: 'delete',
      path: `/api/${path}/{id}`,
      tag,
      summary: `Delete a ${what} (it stops being the default)`,
      auth: 'user',
      params: idParams,
      responses: { 200: { description: `The deleted ${what} id`, schema: deletedSchema } },
      errors: [],
    }),
  };
}

/** Brand voices: the tone of voice an answer is written in. */
export const brandVoiceApi = instructionRoutes('brand-voices', 'Brand voices', 'brand voice', {
  list: brandVoiceListSchema,
  one: brandVoiceSchema,
  create: createBrandVoiceBody,
  update: updateBrandVoiceBody,
});

/** Personas (agents in the panel): who the assistant acts as. */
export const personaApi = instructionRoutes(
  'personas',
  'Personas',
  'persona',
  {
    list: personaListSchema,
    one: personaSchema,
    create: createPersonaBody,
    update: updatePersonaBody,
  },
  [404],
);
