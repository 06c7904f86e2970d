import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseTool, clickToolsTab, STANDARD_PANEL, TOOL_IDS, visibleTools, type ToolId } from '../../domain/tools';
import { useProfile } from '../../data/queries';
import { useSidePanel } from '../../data/sidePanel';
import { Tabs } from '../../ui/Tabs';
import { ToolsPanel } from './ToolsPanel';
import './tools.css';

/** The tools this page has: each opens here, or leads to its own page. */
const BUILT_TOOLS: ReadonlySet<ToolId> = new Set(TOOL_IDS);

/**
 * The right-hand panel's two tabs (spec 2 §2): Trade ('standard', the order
 * form) and Tools ('tools'). A click on Tools opens the tools, or goes back
 * to their list from a tool, or returns to Trade.
 */
export function TradeSidePanel({ base, quote, trade }: { base: string; quote: string; trade: ReactNode }) {
  const { t } = useTranslation('trade');
  // Tab ids are CSS-escaped by Tabs; a plain prefix keeps them readable.
  const prefix = `side${useId().replace(/:/g, '')}`;
  const profile = useProfile().data;
  const [state, setState] = useSidePanel();
  const tools = useMemo(
    () =>
      profile?.loggedIn
        ? visibleTools(
            {
              isUnified: profile.accountType === 'UTA',
              isDemo: profile.isDemo,
              compliant: !profile.eaaRestricted,
              isSubAccount: profile.isSubAccount,
              copyTradeLeader: profile.copyTradeLeader,
            },
            BUILT_TOOLS,
          )
        : [],
    [profile],
  );
  // A visitor has no tools: only the Trade tab, with its log-in prompt.
  if (tools.length === 0) return <>{trade}</>;
  const onTools = state.tab === 'tools';
  return (
    <div className="side-panel">
      <Tabs
        idPrefix={prefix}
        label={t('sidePanelTabs')}
        value={state.tab}
        items={[
          { value: 'standard', label: t('tradeTab') },
          { value: 'tools', label: t('toolsTab') },
        ]}
        onChange={(tab) => setState(tab === 'standard' ? STANDARD_PANEL : clickToolsTab)}
      />
      <div id={`${prefix}-panel`} role="tabpanel" aria-labelledby={`${prefix}-tab-${state.tab}`} className="side-panel__body">
        {onTools ? (
          <ToolsPanel base={base} quote={quote} tools={tools} tool={state.tool} onChoose={(tool) => setState(chooseTool(tool))} onBack={() => setState(clickToolsTab)} />
        ) : (
          trade
        )}
      </div>
    </div>
  );
}
