import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from './csv';

describe('CSV export', () => {
  it('quotes what needs quoting and doubles quotes inside', () => {
    expect(csvCell('BTC/USDT')).toBe('BTC/USDT');
    expect(csvCell('1,234.5')).toBe('"1,234.5"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('never lets a cell run as a formula, but keeps negative numbers', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1+2')).toBe("'+1+2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('-1+1')).toBe("'-1+1");
  });

  it('writes a header and CRLF rows; names the file by list and day', () => {
    expect(toCsv(['Pair', 'Qty'], [['BTC/USDT', '0.5'], ['ETH/USDT', 2]])).toBe('Pair,Qty\r\nBTC/USDT,0.5\r\nETH/USDT,2\r\n');
    expect(csvFileName('orders-current', Date.UTC(2026, 10, 25, 23, 0))).toBe('orders-current-2026-11-25.csv');
  });
});
