import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { apiClient } from '@/lib/api/client';
import type { SuggestedTag, TagSuggestions } from '@/lib/api/suggestions-contract';
import { panelTransport } from '@/lib/chat/panel-transport';
import type { ActivePage } from '@/lib/messaging/protocol';
import { useBackground } from '../../app/background-context';
import { suggestionSettingsQuery } from '../../app/queries';
import { useLentAccess } from '../../app/use-lent-access';
import type { SaveGemFormValues } from '../save-gem-values';
import { pageSuggestionsQuery, suggestionKeys } from './queries';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Suggested tags and collection for a new save (README "Toolbar popup"): the user's setting is read as the form
 * opens, and the form counts as filled in once it is known (`settled`), so the suggestions' row has its place from
 * then on and nothing below it moves when they come; they are asked only once the rest of the form is filled in (so
 * showing it never waits), only when the setting is active; straight to the server with a lent token, so closing the
 * popup or saving (`cancel`) stops the request. Accepting puts a suggestion in the form and remembers it as the AI's
 * (`aiTags`); dismissing hides it.
 */
export function usePageSuggestions(
  form: UseFormReturn<SaveGemFormValues>,
  page: ActivePage | undefined,
  { newSave, filledIn }: { newSave: boolean; filledIn: boolean },
) {
  const background = useBackground();
  const access = useLentAccess();
  const client = useMemo(() => apiClient(panelTransport(access)), [access]);
  const queryClient = useQueryClient();
  const settings = useQuery({ ...suggestionSettingsQuery(background), enabled: newSave });
  const active = newSave && settings.data?.active === true;
  const answer = useQuery({
    ...pageSuggestionsQuery(client, page),
    enabled: active && filledIn && !!page,
  });
  const [dismissed, setDismissed] = useState<string[]>([]);
  const aiTags = useRef<string[]>([]);
  const [collectionDismissed, setCollectionDismissed] = useState(false);

  const data: TagSuggestions | undefined = answer.data;
  const tags = form.watch('tags');
  const collectionId = form.watch('collectionId');
  const shown = (data?.tags ?? []).filter(
    (s) => !dismissed.some((d) => same(d, s.name)) && !tags.some((t) => same(t, s.name)),
  );
  const collection =
    data?.collection && !collectionDismissed && data.collection.id !== collectionId ? data.collection : null;

  return {
    /**
     * The setting is known, or could not be read (then nothing is suggested): asked of the background like the
     * collections and tags, it is bounded by the same request timeout. A save of a gem already kept asks none.
     */
    settled: !newSave || !settings.isPending,
    /** Suggestions are coming: their row shows it, in the place the chips will take. */
    loading: active && answer.isPending,
    /** Asked, and nothing came: the model's answer failed, or it suggested nothing. */
    nothing: answer.isError
      ? ('failed' as const)
      : data && !data.tags.length && !data.collection
        ? ('none' as const)
        : null,
    tags: shown,
    collection,
    acceptTag: (tag: SuggestedTag) => {
      form.setValue('tags', [...form.getValues('tags'), tag.name], { shouldDirty: true });
      aiTags.current = [...aiTags.current, tag.name];
    },
    dismissTag: (tag: SuggestedTag) => setDismissed((d) => [...d, tag.name]),
    dismissCollection: () => setCollectionDismissed(true),
    /** Chooses the suggested collection, creating it first when it is new. */
    acceptCollection: async (create: (name: string) => Promise<{ id: number }>) => {
      if (!collection) return;
      const id = collection.id ?? (await create(collection.name)).id;
      form.setValue('collectionId', id, { shouldDirty: true });
    },
    /** The accepted tags still on the gem, to save as added by the AI. */
    aiTagsOf: (saved: string[]) => aiTags.current.filter((name) => saved.some((t) => same(t, name))),
    /** Stops a request still running (the save does not wait for it). */
    cancel: () => queryClient.cancelQueries({ queryKey: suggestionKeys.all }),
  };
}

export type PageSuggestions = ReturnType<typeof usePageSuggestions>;
