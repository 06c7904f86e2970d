import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import tradeEn from '../../../../locales/en/trade.json';
import { readAcceptedGates, reloadAcceptedGates } from '../../../data/gateAcceptance';
import type { GateSymbol } from '../../../domain/order-entry/gates';
import { GateDialog } from './GateDialog';
import { useGateFlow, type GateFlowCallbacks } from './useGateFlow';
import { englishTexts } from '../../../ui/englishTexts.testkit';

function renderWithTexts(ui: ReactElement) {
  const i18n = englishTexts({ trade: tradeEn });
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

beforeEach(() => reloadAcceptedGates());
afterEach(cleanup);

const accept = () => screen.getByRole('button', { name: 'Accept' });
const agree = () => screen.getByRole('checkbox', { name: 'I have read and agree' });

describe('GateDialog', () => {
  it('shows the notice; Accept is disabled until "I have read and agree" is ticked', () => {
    const onAccept = vi.fn();
    renderWithTexts(<GateDialog gate="suiTerms" onAccept={onAccept} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'SUI token terms' })).toBeTruthy();
    expect(screen.getByText(/native token of the Sui network/)).toBeTruthy();
    expect(accept()).toHaveProperty('disabled', true);
    fireEvent.click(accept());
    expect(onAccept).not.toHaveBeenCalled();
    fireEvent.click(agree());
    expect(accept()).toHaveProperty('disabled', false);
    fireEvent.click(accept());
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['mntDisclaimer', 'MNT disclaimer'],
    ['bitDisclaimer', 'BIT disclaimer'],
    ['innovationRisk', 'Innovation zone risk notice'],
    ['adventureRisk', 'Adventure zone risk notice'],
  ] as const)('%s has its own title and text', (gate, title) => {
    renderWithTexts(<GateDialog gate={gate} onAccept={() => {}} onCancel={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: title });
    expect(dialog.textContent).toContain(tradeEn[`gate_${gate}_body`]);
  });

  it('the leveraged-token test needs the right answer and the acknowledgement', () => {
    const onAccept = vi.fn();
    renderWithTexts(<GateDialog gate="ltRiskTest" onAccept={onAccept} onCancel={() => {}} />);
    fireEvent.click(agree());
    expect(accept()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'It keeps its value' }));
    expect(screen.getByText(/Not quite/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /can lose most of its value/ }));
    expect(accept()).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('radio', { name: 'It loses value through rebalancing' }));
    expect(screen.queryByText(/Not quite/)).toBeNull();
    expect(accept()).toHaveProperty('disabled', false);
    fireEvent.click(accept());
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it('Cancel and Escape refuse once; closing after Accept is not a refusal', () => {
    const onCancel = vi.fn();
    const { rerender } = renderWithTexts(<GateDialog gate="adventureRisk" onAccept={() => {}} onCancel={onCancel} />);
    const dialog = screen.getByRole('dialog');
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
      (dialog as HTMLDialogElement).close();
    });
    expect(onCancel).toHaveBeenCalledTimes(1);

    const onCancel2 = vi.fn();
    rerender(<GateDialog gate={null} onAccept={() => {}} onCancel={onCancel2} />);
    rerender(<GateDialog gate="adventureRisk" onAccept={() => {}} onCancel={onCancel2} />);
    expect(agree()).toHaveProperty('checked', false);
    fireEvent.click(agree());
    fireEvent.click(accept());
    rerender(<GateDialog gate={null} onAccept={() => {}} onCancel={onCancel2} />);
    expect(onCancel2).not.toHaveBeenCalled();
  });

  it('stays open with a message when the acceptance could not be kept', () => {
    renderWithTexts(<GateDialog gate="bitDisclaimer" onAccept={() => false} onCancel={() => {}} />);
    fireEvent.click(agree());
    fireEvent.click(accept());
    expect(screen.getByRole('alert').textContent).toBe(tradeEn.gate_saveFailed);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});

function Harness({ symbol, riskState = 'normal', callbacks }: { symbol: GateSymbol; riskState?: string; callbacks: GateFlowCallbacks }) {
  const flow = useGateFlow({ userId: 'u-uta', symbol, upgradeTag: null, riskState });
  return (
    <>
      <button type="button" onClick={() => flow.run(callbacks)}>Submit</button>
      <GateDialog {...flow.dialog} />
    </>
  );
}

describe('useGateFlow with the dialog', () => {
  it('asks each gate in order, stores them per user, then proceeds; next time it proceeds at once', () => {
    const callbacks = { proceed: vi.fn(), block: vi.fn() };
    const symbol = { baseTokenName: 'SUI', quoteTokenName: 'USDT', mark: ['adventure'] };
    renderWithTexts(<Harness symbol={symbol} callbacks={callbacks} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('dialog', { name: 'SUI token terms' })).toBeTruthy();
    fireEvent.click(agree());
    fireEvent.click(accept());
    expect(screen.getByRole('dialog', { name: 'Adventure zone risk notice' })).toBeTruthy();
    expect(agree()).toHaveProperty('checked', false);
    expect(callbacks.proceed).not.toHaveBeenCalled();
    fireEvent.click(agree());
    fireEvent.click(accept());
    expect(callbacks.proceed).toHaveBeenCalledTimes(1);
    expect([...readAcceptedGates('u-uta')]).toEqual(['suiTerms', 'adventureRisk']);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(callbacks.proceed).toHaveBeenCalledTimes(2);
  });

  it('Cancel drops the order; a margin account in liquidation is blocked after the notices', () => {
    const callbacks = { proceed: vi.fn(), block: vi.fn() };
    renderWithTexts(<Harness symbol={{ baseTokenName: 'MNT', quoteTokenName: 'USDT', mark: [] }} riskState="liquidation" callbacks={callbacks} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(callbacks.proceed).not.toHaveBeenCalled();
    expect(callbacks.block).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(agree());
    fireEvent.click(accept());
    expect(callbacks.block).toHaveBeenCalledWith('liquidationErrorInfo');
    expect(callbacks.proceed).not.toHaveBeenCalled();
  });
});
