import { useState, type ReactNode } from 'react';
import { Tabs, type TabItem } from './Tabs';

interface PanelFrameProps<T extends string> {
  areaId: string;
  /** id of the tab row, where the spec names one (the orders panel's first-tab-area) */
  headerId?: string;
  title: string;
  tabs: ReadonlyArray<TabItem<T>>;
  initialTab: T;
  children: (tab: T) => ReactNode;
}

/**
 * A grid panel: a header row of tabs that doubles as the drag handle, content
 * below. The visually hidden title names the region for assistive tech.
 */
export function PanelFrame<T extends string>({ areaId, headerId, title, tabs, initialTab, children }: PanelFrameProps<T>) {
  const [tab, setTab] = useState<T>(initialTab);
  const current = tabs.some((t) => t.value === tab) ? tab : initialTab;
  return (
    <>
      <div className="panel__header panel__drag-handle" id={headerId}>
        <h2 id={`${areaId}-title`} className="visually-hidden">{title}</h2>
        <Tabs items={tabs} value={current} onChange={setTab} label={title} idPrefix={areaId} />
      </div>
      <div className="panel__body" id={`${areaId}-panel`} role="tabpanel" aria-labelledby={`${areaId}-tab-${current}`}>
        {children(current)}
      </div>
    </>
  );
}
