import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { chatRequestsItem, takeChatRequest } from '@/lib/chat/chat-requests';
import { draftAtom } from './atoms';

/**
 * Picks up what the right-click menu asked for this tab: "Ask about the selection" puts the
 * selection in the composer as a quote. Requests made while the panel is open arrive too.
 */
export function useChatRequests(tabId: number | null) {
  const setDraft = useSetAtom(draftAtom);
  useEffect(() => {
    if (tabId === null) return;
    const take = async () => {
      const request = await takeChatRequest(tabId);
      if (request?.quote)
        setDraft(
          `${request.quote
            .split('\n')
            .map((line) => `> ${line}`)
            .join('\n')}\n\n`,
        );
    };
    void take();
    return chatRequestsItem.watch(() => void take());
  }, [tabId, setDraft]);
}
