import { useState } from 'react';
import type { UserModel } from '@/lib/api/ai-contract';
import { errorMessage } from '../../app/background-context';
import { useToast } from '../../ui/Toast';
import { MAX_SELECTED_MODELS, pickRefusal } from './model-groups';

export interface PickHandlers {
  multi: boolean;
  selectedIds: readonly number[];
  /** Single mode: makes the model the default; the row shows a spinner until the promise settles. */
  onSelect: (model: UserModel) => Promise<void> | void;
  /** Multi mode: adds or removes the model from the selected list, nothing saved. */
  onToggle: (model: UserModel) => void;
}

export interface PickFailure {
  model: UserModel;
  message: string;
}

/**
 * What picking a model does: an unusable model is refused with a toast and not
 * selected; multi mode toggles (at most MAX_SELECTED_MODELS); single mode saves, one save at a time.
 */
export function useModelPick({ multi, selectedIds, onSelect, onToggle }: PickHandlers) {
  const toast = useToast();
  const [pendingId, setPendingId] = useState<number | null>(null);
  const [failure, setFailure] = useState<PickFailure | null>(null);

  const pick = async (model: UserModel) => {
    if (pendingId !== null) return;
    const refusal = pickRefusal(model);
    if (refusal) {
      toast('error', refusal);
      return;
    }
    if (multi) {
      const adding = !selectedIds.includes(model.id);
      if (adding && selectedIds.length >= MAX_SELECTED_MODELS) {
        toast('info', `You can ask up to ${MAX_SELECTED_MODELS} models at once. Unselect one first.`);
        return;
      }
      onToggle(model);
      return;
    }
    setFailure(null);
    setPendingId(model.id);
    try {
      await onSelect(model);
    } catch (error) {
      setFailure({ model, message: errorMessage(error) });
    } finally {
      setPendingId(null);
    }
  };

  return { pick, pendingId, failure };
}
