import { useId, useMemo, useState } from 'react';
import type { UserModel } from '@/lib/api/ai-contract';
import { useDebouncedValue } from '../../app/use-debounced-value';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Switch } from '../../ui/Switch';
import { ModelListbox } from './ModelListbox';
import { groupModels, MAX_SELECTED_MODELS, type ModelTool } from './model-groups';
import { useModelPick } from './use-model-pick';
import { useRovingOptions } from './use-roving-options';

export const SEARCH_DEBOUNCE_MS = 300;

/** The drawer's two switches above the list. */
export interface ModelPickerExtraOptions {
  multiSelect: boolean;
  onMultiSelectChange: (on: boolean) => void;
  temporary: boolean;
  onTemporaryChange: (on: boolean) => void;
}

export interface ModelPickerProps {
  models: readonly UserModel[];
  /** The model in use (single) or the models a question goes to (multi). */
  selectedIds: readonly number[];
  multi: boolean;
  toolFilter: ModelTool;
  /** The provider of the model in use: its group is listed right after the house models. */
  currentProvider: string | null;
  /** Single mode: save the model as the default. A rejection's message is shown under the search box. */
  onSelect: (model: UserModel) => Promise<void> | void;
  /** Multi mode: add or remove the model (at most four), without saving. */
  onToggle: (model: UserModel) => void;
  /** Shows the 'Multi select models' and 'Temporary Chat' switches. */
  extraOptions?: ModelPickerExtraOptions;
}

/** The AI model picker: search, models grouped by provider with badges and labels, single or multi select. */
export function ModelPicker(props: ModelPickerProps) {
  const { models, selectedIds, multi, toolFilter, currentProvider, extraOptions } = props;
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const groups = useMemo(
    () => groupModels(models, { search: query, currentProvider, tool: toolFilter }),
    [models, query, currentProvider, toolFilter],
  );
  const shown = groups.flatMap((group) => group.models);
  const { pick, pendingId, failure } = useModelPick(props);
  const roving = useRovingOptions(
    shown.length,
    (index) => {
      const model = shown[index];
      if (model) void pick(model);
    },
    {
      startIndex: Math.max(
        0,
        shown.findIndex((m) => selectedIds.includes(m.id)),
      ),
      listKey: query,
    },
  );
  const id = useId();
  const label = toolFilter === 'picture' ? 'AI image models' : 'AI models';
  const saving = models.find((m) => m.id === pendingId);

  return (
    <div className="picker model-picker">
      {extraOptions && (
        <div className="picker-switches">
          <Switch
            label="Multi select models"
            checked={extraOptions.multiSelect}
            onCheckedChange={extraOptions.onMultiSelectChange}
          />
          <Switch
            label="Temporary Chat"
            checked={extraOptions.temporary}
            onCheckedChange={extraOptions.onTemporaryChange}
          />
        </div>
      )}
      <input
        ref={roving.searchRef}
        type="search"
        className="ui-input picker-search"
        aria-label={`Search ${label}`}
        aria-controls={shown.length ? `${id}-list` : undefined}
        placeholder="Search models"
        autoComplete="off"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={roving.onSearchKeyDown}
      />
      {multi && (
        <p id={`${id}-hint`} className="ui-hint picker-hint">
          Choose up to {MAX_SELECTED_MODELS} models ({selectedIds.length} chosen).
        </p>
      )}
      {failure && (
        <ErrorMessage title={`${failure.model.displayName} was not made your default`}>{failure.message}</ErrorMessage>
      )}
      {shown.length ? (
        <ModelListbox
          id={`${id}-list`}
          label={label}
          groups={groups}
          multi={multi}
          selectedIds={selectedIds}
          pendingId={pendingId}
          optionProps={roving.optionProps}
          describedBy={multi ? `${id}-hint` : undefined}
        />
      ) : (
        <EmptyState title={query ? 'No matching models' : 'No models available'} headingLevel={3}>
          {query ? `No model's name contains “${query}”.` : null}
        </EmptyState>
      )}
      <p className="ui-visually-hidden" role="status">
        {saving ? `Making ${saving.displayName} your default…` : ''}
      </p>
    </div>
  );
}
