import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../app/background-context';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/Toast';
import { useChatApi } from '../chat-api-context';
import { chatKeys } from '../queries';

interface MemoryProposalProps {
  /** The fact the model proposed (untrusted model text: shown as plain text). */
  proposal: string;
  onDone: () => void;
}

/** "Remember this?" and the fact, under an answer: Save makes it a memory; Dismiss drops it. */
export function MemoryProposal({ proposal, onDone }: MemoryProposalProps) {
  const api = useChatApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: () => api.createMemory(proposal),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.memoriesAll });
      toast('success', 'Memory saved');
      onDone();
    },
  });
  return (
    <section className="memory-proposal" aria-label="Memory proposal">
      <p>Remember this in later chats?</p>
      <blockquote className="memory-proposal-fact">{proposal}</blockquote>
      {save.isError ? <Alert tone="error">{errorMessage(save.error)}</Alert> : null}
      <div className="memory-proposal-actions">
        <Button size="sm" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
        <Button size="sm" variant="ghost" disabled={save.isPending} onClick={onDone}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
