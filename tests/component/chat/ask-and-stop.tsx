import type { useConversation } from '@/components/chat/conversation/use-conversation';

/**
 * Ask (a long story, from `modelId`: a house model the fake provider answers) and Stop, wired to the panel's
 * conversation hook.
 */
export function AskAndStopButtons({
  conversation,
  modelId,
}: {
  conversation: ReturnType<typeof useConversation>;
  modelId: number;
}) {
  const ask = () =>
    void conversation.ask({
      body: { text: 'Tell me a long story.', modelId },
      models: [{ modelId, displayName: 'House' }],
      chatType: 'chat',
    });
  return (
    <>
      <button type="button" onClick={ask}>
        Ask
      </button>
      <button type="button" onClick={() => void conversation.stop()}>
        Stop
      </button>
    </>
  );
}
