import './memory.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemoryProposalAnswer, Message } from '@/lib/api/chat-contract';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/Toast';
import { useChatApi } from '../chat-api-context';
import { chatKeys } from '../conversation/queries';
import { memoryKeys } from './queries';

interface MemoryProposalProps {
  /** The fact the model proposed (untrusted model text: shown as plain text). */
  proposal: string;
  /** The stored answer that proposed it; null in Temporary Chat, where nothing is stored. */
  messageId: number | null;
  onDone: () => void;
}

/**
 * "Remember this?" and the fact, under an answer: Save makes it a memory; Dismiss drops it. The answer is
 * recorded on the message, so the proposal is not offered again (reopened chat, answer scrolled back).
 */
export function MemoryProposal({ proposal, messageId, onDone }: MemoryProposalProps) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const answer = useMutation({
    mutationFn: async (action: MemoryProposalAnswer) => {
      if (messageId !== null) return api.answerMemoryProposal(messageId, action);
      if (action === 'saved') await api.createMemory(proposal);
      return null;
    },
    onSuccess: (answered, action) => {
      if (answered)
        queryClient.setQueryData<Message[]>(chatKeys.messages(answered.chatId), (old) =>
          old?.map((m) => (m.id === answered.id ? answered : m)),
        );
      if (action === 'saved') {
        void queryClient.invalidateQueries({ queryKey: memoryKeys.all });
        toast('success', 'Memory saved');
      }
      onDone();
    },
  });
  return (
    <section className="memory-proposal" aria-label="Memory proposal">
      <p>Remember this in later chats?</p>
      <blockquote className="memory-proposal-fact">{proposal}</blockquote>
      {answer.isError ? <Alert tone="error">{errorMessage(answer.error)}</Alert> : null}
      <div className="memory-proposal-actions">
        <Button
          size="sm"
          loading={answer.isPending && answer.variables === 'saved'}
          onClick={() => answer.mutate('saved')}
        >
          Save
        </Button>
        <Button size="sm" variant="ghost" disabled={answer.isPending} onClick={() => answer.mutate('dismissed')}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
