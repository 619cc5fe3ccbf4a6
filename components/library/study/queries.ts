import { queryOptions } from '@tanstack/react-query';
import type { LibraryApi } from '@/lib/library/library-api';
import { defaultModel } from '../../chat/use-chosen-models';

/** A gem's summary, flash cards and quiz, and the model that makes them. */
export const studyKeys = {
  all: ['library', 'study'] as const,
  gem: (id: number) => ['library', 'study', id] as const,
  model: ['library', 'study', 'model'] as const,
};

export const gemStudyQuery = (api: LibraryApi, gemId: number) =>
  queryOptions({ queryKey: studyKeys.gem(gemId), queryFn: () => api.study.get(gemId) });

/** The chat's default text model (AI settings), or null when the user has none they can use. */
export const studyModelQuery = (api: LibraryApi) =>
  queryOptions({
    queryKey: studyKeys.model,
    queryFn: async () => {
      const { models, settings } = await api.study.models();
      const model = defaultModel(models, settings);
      return model && model.inactiveReason === null ? { id: model.id, name: model.displayName } : null;
    },
    staleTime: 60_000,
  });
