import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { StudyKind } from '@/lib/api/study-contract';
import { errorMessage } from '../../app/background-context';
import { useLibraryApi } from '../library-api-context';
import { studyKeys } from './queries';

/** What a generation shows while it runs: the summary's text so far, or the cards or quiz as far as they came. */
export interface Generation {
  kind: StudyKind;
  text: string;
  partial: unknown;
}

/**
 * Generates one kind of study aid for a gem and follows its stream; once it is stored, the gem's study query is
 * fetched again. A failure (the model's, or its answer not in the form asked for) is kept to be shown.
 */
export function useStudyGeneration(gemId: number, modelId: number | null) {
  const api = useLibraryApi();
  const queryClient = useQueryClient();
  const [running, setRunning] = useState<Generation | null>(null);
  const [error, setError] = useState<{ kind: StudyKind; message: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  // a generation is not followed past its gem's sheet (the server still stores it)
  useEffect(() => () => abort.current?.abort(), []);

  const generate = async (kind: StudyKind) => {
    if (modelId === null) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    let shown: Generation = { kind, text: '', partial: null };
    setRunning(shown);
    try {
      for await (const event of await api.study.generate(kind, gemId, modelId, controller.signal)) {
        if (event.type === 'delta') shown = { ...shown, text: shown.text + event.text };
        else if (event.type === 'partial') shown = { ...shown, partial: event.content };
        else if (event.type === 'error') setError({ kind, message: event.message });
        else if (event.type === 'done') await queryClient.invalidateQueries({ queryKey: studyKeys.gem(gemId) });
        setRunning(shown);
      }
    } catch (failure) {
      if (!controller.signal.aborted) setError({ kind, message: errorMessage(failure) });
    } finally {
      if (abort.current === controller) setRunning(null);
    }
  };
  return { running, error, generate };
}
