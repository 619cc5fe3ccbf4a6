import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstructionFields, InstructionKind } from '@/lib/writing/writing-api';
import { useUpdateAiSettings } from '../../ai-settings/use-ai-settings';
import { useWritingApi } from '../writing-api-context';
import { instructionKeys, instructionsQuery } from './queries';

/** One kind's list (brand voices or agents) matching `search`, and its author actions. */
export function useInstructions(kind: InstructionKind, search: string) {
  const api = useWritingApi();
  const queryClient = useQueryClient();
  // The last answer stays on screen while the next search is fetched.
  const list = useQuery({ ...instructionsQuery(api, kind, search), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: instructionKeys.kind(kind) });

  const create = useMutation({
    mutationFn: (fields: InstructionFields) => api.createInstruction(kind, fields),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, fields }: { id: number; fields: InstructionFields }) => api.updateInstruction(kind, id, fields),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.deleteInstruction(kind, id), onSuccess: refresh });
  // The default is one of the user's AI settings (null clears it), saved as every other one is.
  const saveDefault = useUpdateAiSettings({ onSuccess: refresh });
  const makeDefault = (id: number | null) =>
    saveDefault.mutateAsync(kind === 'voice' ? { defaultBrandVoiceId: id } : { defaultBrandPersona: id });
  return { list, create, update, remove, makeDefault };
}
