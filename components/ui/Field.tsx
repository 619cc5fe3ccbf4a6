import { cloneElement, isValidElement, type ReactElement } from 'react';

type ControlProps = { 'aria-describedby'?: string; 'aria-invalid'?: boolean };

/** A labelled form control with its error message, linked to the control for screen readers. */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactElement<ControlProps>;
}) {
  const errorId = `${id}-error`;
  const control =
    isValidElement(children) && typeof children.type === 'string'
      ? cloneElement(children, { 'aria-describedby': error ? errorId : undefined, 'aria-invalid': !!error })
      : children;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control}
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
