export { OrderbookPanel } from './OrderbookPanel';
