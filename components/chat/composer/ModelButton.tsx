import type { UserModel } from '@/lib/api/ai-contract';

interface ModelButtonProps {
  models: UserModel[];
  loading: boolean;
  onOpen: () => void;
}

/** The model(s) the next question goes to; opens the model picker. */
export function ModelButton({ models, loading, onOpen }: ModelButtonProps) {
  const label = loading
    ? 'Loading models…'
    : models.length
      ? models.map((m) => m.displayName).join(' + ')
      : 'Choose a model';
  return (
    <button type="button" className="model-button" onClick={onOpen} aria-haspopup="dialog">
      <span className="ui-visually-hidden">Model: </span>
      <span className="model-button-name">{label}</span>
      {models.length === 1 && models[0] ? (
        <span className={`badge badge-${models[0].label.toLowerCase()}`}>{models[0].label}</span>
      ) : null}
      <span aria-hidden="true">▾</span>
    </button>
  );
}
