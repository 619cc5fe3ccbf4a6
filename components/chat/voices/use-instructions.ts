import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InstructionKind } from '@/lib/chat/chat-api';
import { AI_SETTINGS_KEY } from '../../options/ai/queries';
import { useChatApi } from '../chat-api-context';
import { chatKeys, instructionsQuery } from '../queries';

/** One kind's list (brand voices or agents) matching `search`, and its author actions. */
export function useInstructions(kind: InstructionKind, search: string) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  // The last answer stays on screen while the next search is fetched.
  const list = useQuery({ ...instructionsQuery(api, kind, search), placeholderData: keepPreviousData });
  const refresh = () => queryClient.invalidateQueries({ queryKey: chatKeys.instructionsAll(kind) });

  const update = useMutation({
    mutationFn: ({ id, name, text }: { id: number; name: string; text: string }) =>
      api.updateInstruction(kind, id, { name, text }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: number) => api.deleteInstruction(kind, id), onSuccess: refresh });
  const makeDefault = useMutation({
    mutationFn: (id: number | null) => api.setDefaultInstruction(kind, id),
    onSuccess: (settings) => {
      queryClient.setQueryData(AI_SETTINGS_KEY, settings);
      return refresh();
    },
  });
  return { list, update, remove, makeDefault };
}
