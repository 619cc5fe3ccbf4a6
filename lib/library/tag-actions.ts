import type { ApiClient } from '../api/client';
import { tagApi, tagTreeApi } from '../api/routes/tags';

/** The colours a tag can take: each keeps 3:1 against the page in light and in dark (the dot in the sidebar). */
export const TAG_COLOURS = [
  { name: 'Red', value: '#dc3545' },
  { name: 'Orange', value: '#d9480f' },
  { name: 'Amber', value: '#b8860b' },
  { name: 'Green', value: '#2b8a3e' },
  { name: 'Teal', value: '#0c8599' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Purple', value: '#8b5cf6' },
  { name: 'Pink', value: '#d6336c' },
  { name: 'Grey', value: '#868e96' },
] as const;

/** A name typed for a tag: `a/b` is the tag `b` under the path `a` (as POST /api/tags reads it). */
export function splitTagPath(typed: string): { parentPath: string | null; name: string } {
  const names = typed
    .split('/')
    .map((part) => part.trim())
    .filter(Boolean);
  const name = names.at(-1) ?? '';
  return { parentPath: names.length > 1 ? names.slice(0, -1).join('/') : null, name };
}

/** The library sidebar's changes to one tag (lib/api/routes/tags.ts). */
export function tagActions(client: ApiClient) {
  return {
    counts: async () => (await client.call(tagTreeApi.counts)).data,
    /** A tag under `parentId` (or the top level); `a/b` makes the path. */
    create: async (name: string, parentId: number | null) =>
      (await client.call(tagApi.create, { body: { data: { tag: name, parentId } } })).data,
    /** Renames the tag; a typed path `a/b` moves it under `a` (made when missing) and names it `b`. */
    rename: async (id: number, typed: string) => {
      const { parentPath, name } = splitTagPath(typed);
      if (parentPath === null)
        return (await client.call(tagTreeApi.update, { params: { id }, body: { data: { tag: name } } })).data;
      const parent = (await client.call(tagApi.create, { body: { data: { tag: parentPath } } })).data;
      return (
        await client.call(tagTreeApi.update, { params: { id }, body: { data: { tag: name, parentId: parent.id } } })
      ).data;
    },
    colour: async (id: number, color: string | null) =>
      (await client.call(tagTreeApi.update, { params: { id }, body: { data: { color } } })).data,
    merge: async (id: number, into: number) => (await client.call(tagTreeApi.merge, { params: { id, into } })).data,
    delete: async (id: number) => (await client.call(tagTreeApi.delete, { params: { id } })).data,
  };
}

export type TagActions = ReturnType<typeof tagActions>;
