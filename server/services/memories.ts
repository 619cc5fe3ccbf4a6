import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { instructionListQuery, Memory } from '../../lib/api/contract';
import type { Db } from '../db/client';
import { gems } from '../db/schema';
import {
  containsText,
  deleteKindGem,
  type GemRow,
  insertKindGem,
  ownedKindGem,
  pageOfGems,
  updateKindGem,
} from './kind-gems';

/** Memories (spec §3 "Memory"): gems of media type 'Memory' holding one fact in `media.data.memory`; the author's own. */

/** The remembered text of a memory gem. */
export const memoryTextOf = (row: GemRow) => row.media.data?.memory ?? row.text ?? '';
export const memoryText = sql<string>`coalesce(${gems.media}->'data'->>'memory', '')`;

export const toMemory = (row: GemRow): Memory => {
  const memory = memoryTextOf(row);
  return {
    id: row.id,
    gemId: row.id,
    memory,
    media: { data: { memory } },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** The memory's gem fields: the title is the fact's start, so it reads well in the library too. */
const fieldsOf = (memory: string) => ({
  title: memory.length > 80 ? `${memory.slice(0, 79)}…` : memory,
  media: { data: { memory } },
});

export async function listMemories(db: Db, userId: number, q: z.output<typeof instructionListQuery>) {
  const where = and(
    eq(gems.ownerId, userId),
    eq(gems.mediaType, 'Memory'),
    q.search ? containsText(memoryText, q.search) : undefined,
  );
  const { rows, total } = await pageOfGems(db, where, [desc(gems.updatedAt), desc(gems.id)], q);
  return { data: rows.map(toMemory), total };
}

export async function getMemory(db: Db, userId: number, id: number) {
  return toMemory(await ownedKindGem(db, userId, 'Memory', id, 'Memory'));
}

export async function createMemory(db: Db, userId: number, memory: string) {
  const row = await insertKindGem(db, userId, 'Memory', { ...fieldsOf(memory), description: '', text: null });
  return toMemory(row);
}

export async function updateMemory(db: Db, userId: number, id: number, memory: string) {
  await ownedKindGem(db, userId, 'Memory', id, 'Memory');
  return toMemory(await updateKindGem(db, id, fieldsOf(memory)));
}

export async function deleteMemory(db: Db, userId: number, id: number) {
  await ownedKindGem(db, userId, 'Memory', id, 'Memory');
  return deleteKindGem(db, id);
}
