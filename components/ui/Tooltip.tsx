import {
  autoUpdate,
  FloatingPortal,
  flip,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
} from '@floating-ui/react';
import { useState } from 'react';
import { cloneReference, type ReferenceElement } from './clone-reference';

interface TooltipProps {
  label: string;
  /** The control the tooltip is about; it must accept a ref and event handlers. */
  children: ReferenceElement;
  /** Hover delay before showing, in ms. Focus shows it at once. */
  delay?: number;
  placement?: 'top' | 'bottom' | 'left' | 'right';
  /**
   * Whether the control is described by the tooltip (aria-describedby). Off when the tooltip only
   * repeats the control's accessible name (IconButton), so it is not announced twice.
   */
  describes?: boolean;
}

/** A short hint shown on hover (after a delay) and on keyboard focus; Escape hides it. */
export function Tooltip({ label, children, delay = 500, placement = 'top', describes = true }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    middleware: [offset(6), flip({ padding: 4 }), shift({ padding: 4 })],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { move: false, delay: { open: delay, close: 0 } }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: 'tooltip', enabled: describes }),
  ]);
  const ref = useMergeRefs([refs.setReference, children.props.ref]);

  return (
    <>
      {cloneReference(children, ref, getReferenceProps)}
      {open && (
        <FloatingPortal>
          <div
            ref={refs.setFloating}
            className="ui-tooltip"
            role="tooltip"
            style={floatingStyles}
            {...getFloatingProps()}
          >
            {label}
          </div>
        </FloatingPortal>
      )}
    </>
  );
}
