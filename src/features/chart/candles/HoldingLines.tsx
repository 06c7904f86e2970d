import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { gridLines, positionLine } from '../../../domain/chartHoldingLines';
import { formatAsGiven } from '../../../domain/format';
import { useChartDisplaySettings } from '../../../data/chartDisplaySettings';
import { useGridBots } from '../../../data/gridBot';
import { usePositions } from '../../../data/integrated';
import type { ChartController } from './chartController';
import type { TraderLine } from './traderOverlays';

interface HoldingLinesProps {
  controller: ChartController;
  symbolId: string;
  base: string;
}

/**
 * The position and grid display settings (spec 1 §3): the average entry
 * price of the base coin held, and each running grid bot's upper and lower
 * price on the pair, as dotted lines on the price axis. Renders nothing itself.
 */
export function HoldingLines({ controller, symbolId, base }: HoldingLinesProps) {
  const { t, i18n } = useTranslation('chart');
  const [display] = useChartDisplaySettings();
  const positions = usePositions().data;
  const bots = useGridBots('running', symbolId, display.grid).data;
  const lines = useMemo(() => {
    const position = positionLine(display.position, positions ?? [], base);
    const out: TraderLine[] = [];
    if (position) out.push({ id: position.id, side: position.side, price: position.price, title: t('main.positionLine', { size: formatAsGiven(position.size, i18n.language), coin: base }) });
    for (const line of gridLines(display.grid, bots ?? [], symbolId)) {
      out.push({ id: line.id, side: line.side, price: line.price, title: t(line.kind === 'gridUpper' ? 'main.gridUpper' : 'main.gridLower', { grids: line.size }) });
    }
    return out;
  }, [display.position, display.grid, positions, bots, base, symbolId, t, i18n.language]);
  useEffect(() => controller.overlays.setLines('holdings', lines), [controller, lines]);
  return null;
}
