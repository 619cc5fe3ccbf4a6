import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './Button';
import { Tooltip } from './Tooltip';

interface IconButtonProps extends Omit<ButtonProps, 'children' | 'aria-label'> {
  /** The accessible name, also shown as a tooltip on hover and focus. */
  label: string;
  icon: ReactNode;
}

/** A button showing only an icon: named by `label`, which a tooltip shows to sighted users. */
export function IconButton({ label, icon, variant = 'ghost', className, ...rest }: IconButtonProps) {
  return (
    <Tooltip label={label} describes={false}>
      <Button
        {...rest}
        variant={variant}
        aria-label={label}
        className={['ui-icon-button', className].filter(Boolean).join(' ')}
      >
        <span aria-hidden="true">{icon}</span>
      </Button>
    </Tooltip>
  );
}
