/**
 * The Assets list's columns by account type (spec 1 §5, spec 2 §3): every
 * account shows total, available (spotAvailableBalance) and what open orders
 * hold; a classic account adds what may be transferred out (transferLimit),
 * a unified account the USDT value locked in open orders (occAssetUSDTValue).
 */
export type BalanceColumn = 'total' | 'available' | 'inOrders' | 'transferable' | 'inOrdersUsdt';

export function balanceColumns(accountType: 'UTA' | 'CLASSIC'): readonly BalanceColumn[] {
  return accountType === 'UTA' ? ['total', 'available', 'inOrders', 'inOrdersUsdt'] : ['total', 'available', 'inOrders', 'transferable'];
}

export interface BalanceFields {
  total: string;
  free: string;
  locked: string;
  spotAvailableBalance?: string;
  transferLimit?: string;
  occAssetUSDTValue?: string;
}

/** A column's value of a line; a field the answer lacked shows as null (a dash), never as a made-up zero. */
export function balanceCell(line: BalanceFields, column: BalanceColumn): string | null {
  switch (column) {
    case 'total':
      return line.total;
    case 'available':
      return line.spotAvailableBalance ?? line.free;
    case 'inOrders':
      return line.locked;
    case 'transferable':
      return line.transferLimit ?? null;
    case 'inOrdersUsdt':
      return line.occAssetUSDTValue ?? null;
  }
}
