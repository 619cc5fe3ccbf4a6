import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { instructionListQuery, Memory, MemoryProposalAnswer } from '../../../lib/api/contract';
import type { Db } from '../../db/client';
import { gems, messages } from '../../db/schema';
import type { GemRow } from '../../db/types';
import { notFound } from '../../http/errors';
import { getOwnedMessage, memoryProposalOf } from '../chats/chats';
import { contextText, patchContext } from '../chats/message-context';
import { containsText, deleteKindGem, insertKindGem, ownedKindGem, pageOfGems, updateKindGem } from '../gems/kind-gems';

/**
 * Memories: gems of media type 'Memory' holding one fact in `media.data.memory`; the author's own.
 */

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
  return toMemory(await updateKindGem(db, id, fieldsOf(memory), 'Memory'));
}

export async function deleteMemory(db: Db, userId: number, id: number) {
  await ownedKindGem(db, userId, 'Memory', id, 'Memory');
  return deleteKindGem(db, id);
}

/**
 * `POST /api/messages/{id}/memory-proposal`: records the user's answer to the message's proposal, so it is
 * not offered again; 'saved' makes the memory. Only the first answer counts: a second one (another panel, a
 * double click) changes nothing and makes no second memory. 404 when the message proposed nothing.
 */
export async function answerMemoryProposal(db: Db, userId: number, messageId: number, action: MemoryProposalAnswer) {
  const proposal = memoryProposalOf(await getOwnedMessage(db, userId, messageId));
  if (proposal === null) throw notFound('Memory proposal');
  await db.transaction(async (tx) => {
    const [answered] = await tx
      .update(messages)
      .set({ context: patchContext({ memoryProposalAnswer: action }) })
      .where(and(eq(messages.id, messageId), eq(messages.ownerId, userId), isNull(contextText('memoryProposalAnswer'))))
      .returning({ id: messages.id });
    if (answered && action === 'saved') await createMemory(tx, userId, proposal);
  });
  return getOwnedMessage(db, userId, messageId);
}
