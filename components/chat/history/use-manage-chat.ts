import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useChatApi } from '../chat-api-context';
import { chatKeys } from '../conversation/queries';
import { historyKeys } from './queries';

/**
 * Renaming and deleting a chat (history items, the header). Both change the history lists; a deleted chat's own
 * queries are fetched again, so the panel showing it finds it gone and starts a new chat (use-chat-messages.ts).
 */
export function useManageChat(chatId: number) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: historyKeys.all }),
      queryClient.invalidateQueries({ queryKey: historyKeys.collections }),
    ]);
  const rename = useMutation({
    mutationFn: (title: string) => api.renameChat(chatId, title),
    onSuccess: () =>
      Promise.all([refreshLists(), queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId), exact: true })]),
  });
  const remove = useMutation({
    mutationFn: () => api.deleteChat(chatId),
    onSuccess: () =>
      Promise.all([refreshLists(), queryClient.invalidateQueries({ queryKey: chatKeys.detail(chatId) })]),
  });
  return { rename, remove };
}
