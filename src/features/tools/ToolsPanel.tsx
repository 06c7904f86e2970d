import { useTranslation } from 'react-i18next';
import { OUTBOUND_TOOLS, toolLink, type ToolId } from '../../domain/tools';
import { useOtcGuided } from '../../data/otcGuided';
import { AlgoOrderForm } from './AlgoOrderForm';
import { GridBotForm } from './GridBotForm';
import { ScaledOrderForm } from './ScaledOrderForm';
import { ArrowBackIcon } from '../../ui/icons';

interface ToolsPanelProps {
  base: string;
  quote: string;
  tools: readonly ToolId[];
  tool: ToolId | null;
  onChoose: (tool: ToolId) => void;
  onBack: () => void;
}

/**
 * The Tools tab (spec 2 §2): the pinned tools this viewer may use — a tool
 * of this page opens here, an outbound one is a link (spread in a new
 * window) — or the chosen tool with a way back to the list.
 */
export function ToolsPanel({ base, quote, tools, tool, onChoose, onBack }: ToolsPanelProps) {
  const { t } = useTranslation('trade');
  const otcGuided = useOtcGuided();
  if (tool === 'scaledOrder' || tool === 'gridBot' || tool === 'iceberg' || tool === 'twap' || tool === 'chase') {
    return (
      <div className="tools-panel">
        <button type="button" className="tools-panel__back" onClick={onBack}>
          <ArrowBackIcon /> 
          {t('toolsBack', { tool: t(`tool_${tool}`) })}
        </button>
        {tool === 'scaledOrder' ? (
          <ScaledOrderForm base={base} quote={quote} />
        ) : tool === 'gridBot' ? (
          <GridBotForm base={base} quote={quote} />
        ) : (
          // Keyed: another kind is another form, not this one's inputs under new labels.
          <AlgoOrderForm key={tool} kind={tool} base={base} quote={quote} />
        )}
      </div>
    );
  }
  return (
    <ul className="tools-panel__list" aria-label={t('toolsTab')}>
      {tools.map((id) => {
        const link = OUTBOUND_TOOLS.has(id) ? toolLink(id, { base, quote }, otcGuided) : null;
        return (
          <li key={id}>
            {link ? (
              <a className="tools-panel__tool" href={link.href} {...(link.newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                <span className="tools-panel__name">{t(`tool_${id}`)}</span>
                <span className="tools-panel__hint">{t(`toolHint_${id}`)}</span>
              </a>
            ) : (
              <button type="button" className="tools-panel__tool" onClick={() => onChoose(id)}>
                <span className="tools-panel__name">{t(`tool_${id}`)}</span>
                <span className="tools-panel__hint">{t(`toolHint_${id}`)}</span>
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
