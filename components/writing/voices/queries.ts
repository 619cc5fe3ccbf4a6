import { queryOptions } from '@tanstack/react-query';
import type { InstructionKind, WritingApi } from '@/lib/writing/writing-api';

/** Brand voices and agents: one list per kind and search. */
export const instructionKeys = {
  all: ['instructions'] as const,
  kind: (kind: InstructionKind) => [...instructionKeys.all, kind] as const,
  list: (kind: InstructionKind, search: string) => [...instructionKeys.kind(kind), search] as const,
};

export const instructionsQuery = (api: WritingApi, kind: InstructionKind, search: string) =>
  queryOptions({ queryKey: instructionKeys.list(kind, search), queryFn: () => api.listInstructions(kind, search) });
