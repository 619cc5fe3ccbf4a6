import { useState } from 'react';
import type { InstructionKind } from '@/lib/writing/writing-api';
import { errorMessage } from '../../app/background-context';
import { useToast } from '../../ui/Toast';
import { InstructionForm } from './InstructionForm';
import { useInstructions } from './use-instructions';

/** A brand voice or agent written from scratch; it joins its list once the server has it. */
export function NewInstruction({ kind, onDone }: { kind: InstructionKind; onDone: () => void }) {
  const { create } = useInstructions(kind, '');
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  return (
    <InstructionForm
      kind={kind}
      busy={create.isPending}
      error={error}
      onCancel={onDone}
      onSave={(fields) => {
        setError(null);
        create.mutate(fields, {
          onSuccess: (saved) => {
            toast('success', `“${saved.name}” created`);
            onDone();
          },
          onError: (failure) => setError(errorMessage(failure)),
        });
      }}
    />
  );
}
