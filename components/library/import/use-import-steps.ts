import { useCallback, useState } from 'react';
import type { ImportJob, ImportSummary } from '@/lib/api/import-contract';
import { importsApi } from '@/lib/api/routes/imports';
import { readBrowserBookmarks } from '@/lib/library/browser-bookmarks';
import { fileSizeProblem, importBodyProblem } from '@/lib/library/import-file';
import { errorMessage } from '../../app/background-context';
import { useLibraryApi } from '../library-api-context';

/** What the import dialog shows, step by step. */
export type ImportStep =
  | { step: 'choose' }
  | { step: 'reading'; fileName: string }
  | { step: 'summary'; fileName: string; content: string; summary: ImportSummary; starting: boolean }
  | { step: 'error'; message: string };

/**
 * The import dialog's steps before the job: a file (picked, dropped) or the browser's bookmarks is read in the page,
 * checked against the server's size limit, and sent as a dry run; its summary is shown; Import stages the job and
 * hands it to `onStarted`.
 */
export function useImportSteps(onStarted: (job: ImportJob) => void) {
  const api = useLibraryApi();
  const [state, setState] = useState<ImportStep>({ step: 'choose' });

  const preview = useCallback(
    async (fileName: string, content: string) => {
      const tooLarge = importBodyProblem({ fileName, content, dryRun: true });
      if (tooLarge) return setState({ step: 'error', message: tooLarge });
      if (!content.trim()) return setState({ step: 'error', message: `${fileName} is empty.` });
      setState({ step: 'reading', fileName });
      try {
        const answer = await api.client.call(importsApi.create, { body: { fileName, content, dryRun: true } });
        if ('format' in answer.data && !('id' in answer.data))
          setState({ step: 'summary', fileName, content, summary: answer.data, starting: false });
      } catch (error) {
        setState({ step: 'error', message: errorMessage(error) });
      }
    },
    [api],
  );

  const readFile = useCallback(
    async (file: File) => {
      const problem = fileSizeProblem(file);
      if (problem) return setState({ step: 'error', message: problem });
      setState({ step: 'reading', fileName: file.name });
      try {
        await preview(file.name, await file.text());
      } catch (error) {
        setState({ step: 'error', message: `${file.name} could not be read: ${errorMessage(error)}` });
      }
    },
    [preview],
  );

  /** Call it inside the click: the permission is asked for before anything else is awaited. */
  const readBookmarks = useCallback(async () => {
    try {
      const bookmarks = await readBrowserBookmarks();
      if (bookmarks.count === 0)
        return setState({ step: 'error', message: 'Your browser has no bookmarks to import.' });
      await preview(bookmarks.fileName, bookmarks.content);
    } catch (error) {
      setState({ step: 'error', message: errorMessage(error) });
    }
  }, [preview]);

  const start = useCallback(async () => {
    if (state.step !== 'summary') return;
    const { fileName, content } = state;
    setState({ ...state, starting: true });
    try {
      const answer = await api.client.call(importsApi.create, { body: { fileName, content, dryRun: false } });
      if ('id' in answer.data) onStarted(answer.data);
    } catch (error) {
      setState({ step: 'error', message: errorMessage(error) });
    }
  }, [api, state, onStarted]);

  const reset = useCallback(() => setState({ step: 'choose' }), []);
  return { state, readFile, readBookmarks, start, reset };
}
