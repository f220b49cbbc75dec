import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

type TabItem<Id extends string = string> = { id: Id; label: ReactNode; panel: ReactNode };

/**
 * Where focus goes for a key in a horizontal tablist of `count` tabs (WAI-ARIA tabs pattern): Left/Right step and
 * wrap around, Home/End jump to the first/last; any other key is not the tablist's (null).
 */
export function findTabForKey(key: string, current: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return (current + 1) % count;
    case 'ArrowLeft':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A key pressed on the focused tab: the tab focus moves to and the tab then selected. Automatic activation
 * selects where focus lands; manual leaves the selection until Enter or Space (the tab button's own click).
 */
export function pressTabKey(
  key: string,
  tab: { focused: number; selected: number },
  count: number,
  activation: 'automatic' | 'manual',
): { focused: number; selected: number } | null {
  const next = findTabForKey(key, tab.focused, count);
  if (next === null) return null;
  return { focused: next, selected: activation === 'automatic' ? next : tab.selected };
}

/**
 * Tabs (WAI-ARIA pattern): a tablist whose one tab stop is the selected tab (roving tabindex), Left/Right/Home/End
 * move between tabs, and each tab controls its panel. "automatic" selects the tab focus lands on (panels that are
 * cheap to show); "manual" only moves focus, and Enter/Space selects (panels that load something).
 * Controlled with `selectedId` + `onSelect`, or uncontrolled from `defaultSelectedId`.
 */
export function Tabs<Id extends string>({
  label,
  items,
  selectedId,
  defaultSelectedId,
  onSelect,
  activation = 'automatic',
  className,
  listClassName,
  panelClassName,
}: {
  /** The tablist's accessible name. */
  label: string;
  items: readonly TabItem<Id>[];
  selectedId?: Id;
  defaultSelectedId?: Id;
  onSelect?: (id: Id) => void;
  activation?: 'automatic' | 'manual';
  className?: string;
  listClassName?: string;
  panelClassName?: string;
}) {
  const baseId = useId();
  const [ownSelected, setOwnSelected] = useState(defaultSelectedId ?? items[0]?.id);
  const selected = selectedId ?? ownSelected;
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const select = (id: Id) => {
    if (selectedId === undefined) setOwnSelected(id);
    onSelect?.(id);
  };
  const selectedIndex = items.findIndex((item) => item.id === selected);
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = pressTabKey(event.key, { focused: index, selected: selectedIndex }, items.length, activation);
    if (next === null) return;
    event.preventDefault();
    tabs.current[next.focused]?.focus();
    if (next.selected !== selectedIndex) select(items[next.selected]!.id);
  };
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;
  return (
    <div className={className}>
      <div role="tablist" aria-label={label} aria-orientation="horizontal" className={cn('flex flex-wrap gap-1', listClassName)}>
        {items.map((item, index) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              // Only the selected tab's panel is in the page: a reference to an absent panel would be broken.
              aria-controls={isSelected ? panelId(item.id) : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item.id)}
              onKeyDown={(e) => onKeyDown(e, index)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-focus',
                isSelected ? 'bg-inverse text-on-inverse' : 'text-fg-muted hover:bg-surface-subtle',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.id === selected ? (
          <div key={item.id} role="tabpanel" id={panelId(item.id)} aria-labelledby={tabId(item.id)} className={panelClassName}>
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
