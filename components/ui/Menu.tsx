import {
  autoUpdate,
  FloatingFocusManager,
  FloatingList,
  FloatingNode,
  FloatingPortal,
  flip,
  offset,
  safePolygon,
  shift,
  useClick,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useFloatingParentNodeId,
  useFloatingTree,
  useHover,
  useInteractions,
  useListItem,
  useListNavigation,
  useMergeRefs,
  useRole,
  useTypeahead,
} from '@floating-ui/react';
import { type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { InFloatingTree } from './InFloatingTree';
import { MENU_ITEM_CHOSEN, MENU_OPENED, MenuContext } from './menu-context';

interface MenuProps {
  /** The trigger's text (and accessible name); in a submenu, the item that opens it. */
  label: string;
  /** Replaces the trigger's visible content (an icon, say); `label` still names it. */
  triggerContent?: ReactNode;
  triggerClassName?: string;
  children: ReactNode;
}

/**
 * A menu button and its menu (arrow keys, Home/End, typeahead, Enter/Space, Escape returns focus).
 * A Menu placed inside another Menu is a submenu: ArrowRight or Enter opens it, ArrowLeft closes it.
 */
export function Menu(props: MenuProps) {
  return (
    <InFloatingTree>
      <MenuInTree {...props} />
    </InFloatingTree>
  );
}

function MenuInTree({ label, triggerContent, triggerClassName, children }: MenuProps) {
  const parent = useContext(MenuContext);
  const isSubmenu = parent !== null;
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const elementsRef = useRef<Array<HTMLElement | null>>([]);
  const labelsRef = useRef<Array<string | null>>([]);
  const tree = useFloatingTree();
  const nodeId = useFloatingNodeId();
  const parentId = useFloatingParentNodeId();
  const item = useListItem({ label });

  const { refs, floatingStyles, context } = useFloating<HTMLButtonElement>({
    nodeId,
    open,
    onOpenChange: setOpen,
    placement: isSubmenu ? 'right-start' : 'bottom-start',
    middleware: [
      offset({ mainAxis: isSubmenu ? 0 : 4, alignmentAxis: isSubmenu ? -4 : 0 }),
      flip(),
      shift({ padding: 4 }),
    ],
    whileElementsMounted: autoUpdate,
  });
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useHover(context, {
      enabled: isSubmenu,
      delay: { open: 75 },
      handleClose: safePolygon({ blockPointerEvents: true }),
    }),
    useClick(context, { event: 'mousedown', toggle: !isSubmenu, ignoreMouse: isSubmenu }),
    useRole(context, { role: 'menu' }),
    useDismiss(context, { bubbles: true }),
    useListNavigation(context, { listRef: elementsRef, activeIndex, nested: isSubmenu, onNavigate: setActiveIndex }),
    useTypeahead(context, { listRef: labelsRef, activeIndex, onMatch: open ? setActiveIndex : undefined }),
  ]);

  useEffect(() => {
    if (!tree) return;
    const closeOnChoice = () => setOpen(false);
    const closeSibling = (event: { nodeId: string; parentId: string | null }) => {
      if (event.nodeId !== nodeId && event.parentId === parentId) setOpen(false);
    };
    tree.events.on(MENU_ITEM_CHOSEN, closeOnChoice);
    tree.events.on(MENU_OPENED, closeSibling);
    return () => {
      tree.events.off(MENU_ITEM_CHOSEN, closeOnChoice);
      tree.events.off(MENU_OPENED, closeSibling);
    };
  }, [tree, nodeId, parentId]);

  useEffect(() => {
    if (open) tree?.events.emit(MENU_OPENED, { nodeId, parentId });
  }, [tree, open, nodeId, parentId]);

  const triggerRef = useMergeRefs([refs.setReference, item.ref]);
  const triggerProps = isSubmenu
    ? parent.getItemProps({ role: 'menuitem', tabIndex: parent.activeIndex === item.index ? 0 : -1 })
    : {};

  return (
    <FloatingNode id={nodeId}>
      <button
        ref={triggerRef}
        type="button"
        className={
          isSubmenu
            ? 'ui-menu-item ui-submenu-trigger'
            : (triggerClassName ?? 'ui-button ui-button-secondary ui-button-md')
        }
        aria-label={triggerContent ? label : undefined}
        {...getReferenceProps(triggerProps)}
        // floating-ui calls any menu inside another floating part (a drawer) nested, and its trigger a menuitem;
        // only a submenu's trigger sits in a menu.
        role={isSubmenu ? 'menuitem' : undefined}
      >
        {triggerContent ?? label}
        {isSubmenu && (
          <span aria-hidden="true" className="ui-menu-item-end">
            ›
          </span>
        )}
      </button>
      <MenuContext.Provider value={{ activeIndex, setActiveIndex, getItemProps }}>
        <FloatingList elementsRef={elementsRef} labelsRef={labelsRef}>
          {open && (
            <FloatingPortal preserveTabOrder={false}>
              <FloatingFocusManager
                context={context}
                modal={false}
                // No focus guards (aria-hidden yet focusable, which axe flags): a menu closes when focus leaves it.
                guards={false}
                initialFocus={isSubmenu ? -1 : 0}
                returnFocus={!isSubmenu}
              >
                <div ref={refs.setFloating} className="ui-menu" style={floatingStyles} {...getFloatingProps()}>
                  {children}
                </div>
              </FloatingFocusManager>
            </FloatingPortal>
          )}
        </FloatingList>
      </MenuContext.Provider>
    </FloatingNode>
  );
}
