export { SymbolNoticeGate } from './SymbolNoticeGate';
