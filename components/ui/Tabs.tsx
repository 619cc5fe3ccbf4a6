import { Composite, CompositeItem } from '@floating-ui/react';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

export interface Tab {
  id: string;
  label: string;
  content: ReactNode;
}

interface TabsProps {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly Tab[];
  /** The selected tab's id; leave out to let Tabs keep it. */
  selected?: string;
  onSelect?: (id: string) => void;
}

/**
 * Tabs with one tab stop (roving tabindex): ←/→ and Home/End move to a tab and select it.
 * Only the selected panel is rendered, and only its tab points at it with aria-controls.
 */
export function Tabs({ label, tabs, selected, onSelect }: TabsProps) {
  const [ownSelection, setOwnSelection] = useState(tabs[0]?.id);
  const selectedId = selected ?? ownSelection;
  const selectedIndex = Math.max(
    tabs.findIndex((tab) => tab.id === selectedId),
    0,
  );
  const baseId = useId();
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    setOwnSelection(tab.id);
    onSelect?.(tab.id);
  };
  // Composite moves with the arrow keys; Home and End are the tab pattern's own.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = event.key === 'Home' ? 0 : tabs.length - 1;
    select(index);
    tabRefs.current[index]?.focus();
  };
  const current = tabs[selectedIndex];

  return (
    <div className="ui-tabs">
      <Composite
        orientation="horizontal"
        activeIndex={selectedIndex}
        onNavigate={select}
        render={<div role="tablist" aria-label={label} className="ui-tablist" onKeyDown={onKeyDown} />}
      >
        {tabs.map((tab, index) => (
          <CompositeItem
            key={tab.id}
            render={
              <button
                ref={(node) => {
                  tabRefs.current[index] = node;
                }}
                type="button"
                role="tab"
                id={tabId(tab.id)}
                className="ui-tab"
                aria-selected={index === selectedIndex}
                aria-controls={index === selectedIndex ? panelId(tab.id) : undefined}
                onClick={() => select(index)}
              >
                {tab.label}
              </button>
            }
          />
        ))}
      </Composite>
      {current && (
        <div role="tabpanel" id={panelId(current.id)} aria-labelledby={tabId(current.id)} className="ui-tabpanel">
          {current.content}
        </div>
      )}
    </div>
  );
}
