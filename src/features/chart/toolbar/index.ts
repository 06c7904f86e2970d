/** The pro chart's toolbar pickers and dialogs: props-driven, wired into the chart by its owner. */
export { IntervalBar, type IntervalBarProps } from './IntervalBar';
export { ChartStyleMenu, type ChartStyleMenuProps } from './ChartStyleMenu';
export {
  IndicatorsDialog,
  type IndicatorsDialogProps,
  type IndicatorDefinitions,
  type IndicatorParamDefinition,
} from './IndicatorsDialog';
export { CompareDialog, type CompareDialogProps } from './CompareDialog';
export { ChartSettingsDialog, type ChartSettingsDialogProps } from './ChartSettingsDialog';
export { TimeFrameBar, type TimeFrameBarProps } from './TimeFrameBar';
export { ScrollableToolbar, type ScrollableToolbarProps } from './ScrollableToolbar';
export { useToolbarScroll, type ToolbarScrollState } from './useToolbarScroll';
