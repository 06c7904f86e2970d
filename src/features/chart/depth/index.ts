export { DepthChart, type DepthChartProps } from './DepthChart';
