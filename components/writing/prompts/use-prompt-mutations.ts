import { type InfiniteData, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { CallError } from '@/lib/api/call-error';
import { promptQueue, promptVariables } from '@/lib/api/prompt-variables';
import type { Prompt, UpdatePromptInput } from '@/lib/api/voice-contract';
import { useWritingApi } from '../writing-api-context';
import { promptKeys } from './queries';

type PromptPages = InfiniteData<{ data: Prompt[]; total: number }, number>;
type Snapshot = Array<[QueryKey, PromptPages | undefined]>;

export const DELETE_FAILED = 'Something went wrong';

/** The edit was refused because the prompt changed elsewhere since the editor read it (a 409). */
export const changedElsewhere = (error: unknown) => error instanceof CallError && error.ui.status === 409;

/**
 * A prompt delete that fails says the server's message, else 'Something went wrong' (never a status code or a
 * network text).
 */
export function deleteFailureMessage(error: unknown): string {
  if (!(error instanceof CallError) || error.ui.status === 0) return DELETE_FAILED;
  return /^The server answered \d+$/.test(error.ui.message) ? DELETE_FAILED : error.ui.message;
}

/** What an edit changes in a listed prompt, worked out as the server does (variables and queue from the text). */
export function editedPrompt(prompt: Prompt, edit: { text: string; expander: Prompt['expander'] }): Prompt {
  return {
    ...prompt,
    text: edit.text,
    expander: edit.expander,
    variables: promptVariables(edit.text),
    queueLength: promptQueue(edit.text).length,
  };
}

/**
 * Edit and delete for the author's prompts. Both change every cached prompt list first (every tab and
 * search) and put them back if the server refuses; the lists are fetched again afterwards.
 */
export function usePromptMutations() {
  const api = useWritingApi();
  const queryClient = useQueryClient();

  const changeLists = async (change: (prompts: Prompt[]) => Prompt[]): Promise<Snapshot> => {
    await queryClient.cancelQueries({ queryKey: promptKeys.all });
    const snapshot = queryClient.getQueriesData<PromptPages>({ queryKey: promptKeys.all });
    queryClient.setQueriesData<PromptPages>({ queryKey: promptKeys.all }, (old) => {
      if (!old) return old;
      const pages = old.pages.map((page) => ({ ...page, data: change(page.data) }));
      // Each page carries the list's total: a prompt taken out of any page lowers all of them.
      const removed = old.pages.reduce((sum, page, i) => sum + page.data.length - (pages[i]?.data.length ?? 0), 0);
      return { ...old, pages: pages.map((page) => ({ ...page, total: page.total - removed })) };
    });
    return snapshot;
  };
  const restore = (_error: unknown, _input: unknown, snapshot: Snapshot | undefined) => {
    for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: promptKeys.all });

  const update = useMutation({
    mutationFn: ({ prompt, edit }: { prompt: Prompt; edit: Required<Pick<UpdatePromptInput, 'text' | 'expander'>> }) =>
      // The version edited goes along: a prompt changed elsewhere meanwhile is refused, not overwritten.
      api.updatePrompt(prompt.id, { ...edit, updatedAt: prompt.updatedAt }),
    onMutate: ({ prompt, edit }) =>
      changeLists((prompts) => prompts.map((p) => (p.id === prompt.id ? editedPrompt(p, edit) : p))),
    onSuccess: (saved) => changeLists((prompts) => prompts.map((p) => (p.id === saved.id ? saved : p))),
    onError: restore,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.deletePrompt(id),
    onMutate: (id) => changeLists((prompts) => prompts.filter((p) => p.id !== id)),
    onError: restore,
    onSettled: refresh,
  });
  return { update, remove };
}
