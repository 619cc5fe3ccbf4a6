import { Fragment, type KeyboardEvent, useId } from 'react';
import type { UserModel } from '@/lib/api/ai-contract';
import { Spinner } from '../../ui/Spinner';
import { Tooltip } from '../../ui/Tooltip';
import { modelCapabilities } from './capabilities';
import { pickRefusal } from './model-groups';

export interface OptionProps {
  ref: (node: HTMLElement | null) => void;
  tabIndex: number;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: () => void;
  onClick: () => void;
}

interface ModelRowProps {
  model: UserModel;
  selected: boolean;
  /** Its save as the default is under way. */
  pending: boolean;
  optionProps: OptionProps;
}

/**
 * One model as an option: named as it reads (its displayName, label and capability badges), then why it is
 * Inactive; described by its capabilities in words. An Inactive model's reason also shows as a tooltip on hover
 * and on focus.
 */
export function ModelRow({ model, selected, pending, optionProps }: ModelRowProps) {
  const id = useId();
  const reason = pickRefusal(model);
  const capabilities = modelCapabilities(model);
  // The spaces between the parts (no gap in the flex layout) make the visible text read as the name does.
  const row = (
    <div
      {...optionProps}
      tabIndex={optionProps.tabIndex}
      role="option"
      aria-selected={selected}
      aria-labelledby={`${id}-name ${id}-label ${id}-badges${reason ? ` ${id}-reason` : ''}`}
      aria-describedby={`${id}-caps`}
      aria-busy={pending || undefined}
      className="picker-option model-option"
      data-model-id={model.id}
    >
      <span className="picker-check" aria-hidden="true">
        {selected ? '✓' : ''}
      </span>
      <span className="model-option-main">
        <span className="model-option-head">
          <span id={`${id}-name`} className="model-option-name">
            {model.displayName}
          </span>
          {pending && <Spinner decorative />}{' '}
          <span id={`${id}-label`} className={`model-tag model-tag-${model.label.toLowerCase()}`}>
            {model.label}
          </span>
        </span>{' '}
        <span className="model-option-caps">
          <span id={`${id}-badges`}>
            {capabilities.map((capability) => (
              <Fragment key={capability.key}>
                {' '}
                <span className="model-cap" data-capability={capability.key} title={capability.long}>
                  {capability.short}
                </span>
              </Fragment>
            ))}
          </span>
        </span>
        {/* Last in the name, after what the row shows (a name must read as the row does, then may say more). */}
        {reason && (
          <span id={`${id}-reason`} className="ui-visually-hidden">
            : {reason}
          </span>
        )}
      </span>
    </div>
  );
  return (
    <>
      {/* Named already (the hidden reason above): the tooltip is for the eyes only, so it is not read twice. */}
      {reason ? (
        <Tooltip label={reason} describes={false}>
          {row}
        </Tooltip>
      ) : (
        row
      )}
      {/* Outside the option, so its text is not taken for the option's own (which must read as its name). */}
      <span id={`${id}-caps`} hidden>
        {capabilities.map((capability) => capability.long).join(', ')}
      </span>
    </>
  );
}
