import { useCallback, useEffect, useRef, useState } from 'react';
import { CallError } from '@/lib/api/call-error';
import type { ApiClient } from '@/lib/api/client';
import { suggestionApi } from '@/lib/api/routes/suggestions';
import type { GemTagSuggestions } from '@/lib/api/suggestions-contract';
import { errorMessage } from '../../app/background-context';

/** Gems asked about per request: small, so the progress moves and a closed dialog stops soon. */
const PER_REQUEST = 5;

export type SuggestionsState =
  | { phase: 'working'; done: number; total: number; found: GemTagSuggestions }
  | { phase: 'ready'; found: GemTagSuggestions }
  /** `noModel`: no model is usable (the server names `modelId`): the user is sent to Options. */
  | { phase: 'failed'; message: string; noModel: boolean; found: GemTagSuggestions };

/** The server's words when no model is usable (its 400 names `modelId`); undefined for any other failure. */
const modelRefusal = (error: unknown) =>
  error instanceof CallError ? error.ui.fields?.find((field) => field.path === 'modelId')?.message : undefined;

/**
 * Tags suggested for `gemIds`, asked a few gems at a time (POST /api/suggestions/gem-tags) so the dialog can say how
 * far it is; unmounting stops asking. `retry` asks again from the start.
 */
export function useTagSuggestions(client: ApiClient, gemIds: readonly number[]) {
  const [state, setState] = useState<SuggestionsState>({ phase: 'working', done: 0, total: gemIds.length, found: [] });
  const [round, setRound] = useState(0);
  const ids = useRef(gemIds);

  useEffect(() => {
    void round;
    const stop = new AbortController();
    const all = ids.current;
    const run = async () => {
      const found: GemTagSuggestions = [];
      setState({ phase: 'working', done: 0, total: all.length, found });
      for (let from = 0; from < all.length; from += PER_REQUEST) {
        const gemIds = all.slice(from, from + PER_REQUEST);
        try {
          const { data } = await client.call(suggestionApi.gemTags, { body: { gemIds }, signal: stop.signal });
          found.push(...data);
        } catch (error) {
          if (stop.signal.aborted) return;
          const refusal = modelRefusal(error);
          setState({ phase: 'failed', message: refusal ?? errorMessage(error), noModel: refusal !== undefined, found });
          return;
        }
        if (stop.signal.aborted) return;
        setState({ phase: 'working', done: found.length, total: all.length, found: [...found] });
      }
      setState({ phase: 'ready', found });
    };
    void run();
    return () => stop.abort();
  }, [client, round]);

  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { state, retry };
}
