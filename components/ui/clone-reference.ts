import { cloneElement, type HTMLProps, type ReactElement, type Ref } from 'react';

export type ReferenceElement = ReactElement<HTMLProps<HTMLElement> & { ref?: Ref<HTMLElement> }>;

/**
 * Makes `child` (a button, say) the anchor of a floating part: merges the part's props into the child's
 * own (handlers of both run) and attaches the part's ref alongside the child's.
 */
export function cloneReference(
  child: ReferenceElement,
  ref: Ref<HTMLElement> | null,
  getReferenceProps: (userProps?: HTMLProps<Element>) => Record<string, unknown>,
) {
  return cloneElement(child, { ...getReferenceProps(child.props as HTMLProps<Element>), ref: ref ?? undefined });
}
