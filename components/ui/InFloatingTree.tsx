import { FloatingTree, useFloatingTree } from '@floating-ui/react';
import type { ReactNode } from 'react';

/**
 * Floating parts register as nodes of one tree so that nested ones cooperate: Escape in a
 * combobox inside a dialog closes only the list, and a modal dialog treats its menus' and lists'
 * portals as inside it. The outermost part starts the tree; the ones inside it join it.
 */
export function InFloatingTree({ children }: { children: ReactNode }) {
  const tree = useFloatingTree();
  return tree ? children : <FloatingTree>{children}</FloatingTree>;
}
