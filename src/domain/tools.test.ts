import { describe, expect, it } from 'vitest';
import { chooseTool, clickToolsTab, STANDARD_PANEL, TOOL_IDS, toolLink, visibleTools, type ToolViewer } from './tools';

const ALL = new Set(TOOL_IDS);
const uta: ToolViewer = { isUnified: true, isDemo: false, compliant: true, isSubAccount: false, copyTradeLeader: false };

describe('visibleTools (spec 2 §5)', () => {
  it('a compliant unified main account sees every tool but spread, in the pinned order, chase after them', () => {
    expect(visibleTools(uta, ALL)).toEqual(['gridBot', 'otc', 'autoInvest', 'iceberg', 'twap', 'scaledOrder', 'chase']);
  });

  it('split tools (and chase) need UTA and compliance; scaled order UTA and non-demo', () => {
    expect(visibleTools({ ...uta, isUnified: false }, ALL)).toEqual(['gridBot', 'otc', 'autoInvest']);
    expect(visibleTools({ ...uta, compliant: false }, ALL)).toEqual(['otc', 'autoInvest', 'scaledOrder']);
  });

  it('demo accounts: no grid bot, no scaled order, and spread for them only', () => {
    expect(visibleTools({ ...uta, isDemo: true }, ALL)).toEqual(['otc', 'autoInvest', 'iceberg', 'twap', 'spread', 'chase']);
  });

  it('a sub account has no auto invest; a copy-trading leader sub account no grid bot', () => {
    expect(visibleTools({ ...uta, isSubAccount: true }, ALL)).toEqual(['gridBot', 'otc', 'iceberg', 'twap', 'scaledOrder', 'chase']);
    expect(visibleTools({ ...uta, isSubAccount: true, copyTradeLeader: true }, ALL)).not.toContain('gridBot');
    // A leader's main account keeps it.
    expect(visibleTools({ ...uta, copyTradeLeader: true }, ALL)).toContain('gridBot');
  });

  it('offers only the tools the page has', () => {
    expect(visibleTools(uta, new Set(['otc', 'scaledOrder'] as const))).toEqual(['otc', 'scaledOrder']);
  });
});

describe('clickToolsTab (spec 2 §2 "opens tools, clears the chosen tool, or returns to standard")', () => {
  it('opens, then clears, then returns', () => {
    const opened = clickToolsTab(STANDARD_PANEL);
    expect(opened).toEqual({ tab: 'tools', tool: null });
    expect(clickToolsTab(chooseTool('scaledOrder'))).toEqual({ tab: 'tools', tool: null });
    expect(clickToolsTab(opened)).toEqual(STANDARD_PANEL);
  });
});

describe('toolLink (spec 2 §2 outbound navigation)', () => {
  it('OTC converts the quote coin into the base; auto invest targets the base; spread opens a new window', () => {
    expect(toolLink('otc', { base: 'ETH', quote: 'USDC' })).toEqual({
      href: '/user/assets/otc/index?fromCoin=USDC&toCoin=ETH&source=spot_convert_block_trade',
      newWindow: false,
    });
    expect(toolLink('otc', { base: '', quote: '' })?.href).toContain('fromCoin=USDT&toCoin=BTC');
    // Once guided through OTC (spec 2 §7 result.guided), straight to the convert page; not guided or unknown, the desk.
    expect(toolLink('otc', { base: 'ETH', quote: 'USDC' }, true)?.href).toBe('/convert?fromCoin=USDC&toCoin=ETH&source=spot_convert_block_trade');
    expect(toolLink('otc', { base: 'ETH', quote: 'USDC' }, false)?.href).toBe('/user/assets/otc/index?fromCoin=USDC&toCoin=ETH&source=spot_convert_block_trade');
    expect(toolLink('autoInvest', { base: 'ETH', quote: 'USDT' })?.href).toBe('/fiat/trade/invest/home?source=spot_trade&target=ETH&type=crypto');
    expect(toolLink('spread', { base: 'BTC', quote: 'USDT' })).toEqual({ href: '/liquid-marketplace/future-spread', newWindow: true });
    expect(toolLink('scaledOrder', { base: 'BTC', quote: 'USDT' })).toBeNull();
  });
});
