import { keepPreviousData, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Memory } from '@/lib/api/voice-contract';
import { useChatApi } from '../chat-api-context';
import { memoriesQuery, memoryKeys } from './queries';

type MemoryList = { data: Memory[]; total: number };
type Snapshot = Array<[QueryKey, MemoryList | undefined]>;

/**
 * The memories matching `search`, and add / edit / delete. Edit and delete change every cached list at
 * once and put them back when the server refuses: a failed edit or delete shows nothing.
 */
export function useMemories(search: string) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  // The last answer stays on screen while the next search is fetched.
  const list = useQuery({ ...memoriesQuery(api, search), placeholderData: keepPreviousData });

  const changeLists = async (change: (list: MemoryList) => MemoryList): Promise<Snapshot> => {
    await queryClient.cancelQueries({ queryKey: memoryKeys.all });
    const snapshot = queryClient.getQueriesData<MemoryList>({ queryKey: memoryKeys.all });
    queryClient.setQueriesData<MemoryList>({ queryKey: memoryKeys.all }, (old) => old && change(old));
    return snapshot;
  };
  const restore = (_error: unknown, _input: unknown, snapshot: Snapshot | undefined) => {
    for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: memoryKeys.all });

  const update = useMutation({
    mutationFn: ({ id, memory }: { id: number; memory: string }) => api.updateMemory(id, memory),
    onMutate: ({ id, memory }) =>
      changeLists((old) => ({ ...old, data: old.data.map((m) => (m.id === id ? { ...m, memory } : m)) })),
    onError: restore,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.deleteMemory(id),
    onMutate: (id) =>
      changeLists((old) =>
        old.data.some((m) => m.id === id) ? { data: old.data.filter((m) => m.id !== id), total: old.total - 1 } : old,
      ),
    onError: restore,
    onSettled: refresh,
  });
  const add = useMutation({ mutationFn: (memory: string) => api.createMemory(memory), onSuccess: refresh });
  return { list, update, remove, add };
}
