import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpgradeModal } from '../../../domain/upgrade';
import { renderWithTexts } from './testTexts.testkit';
import { UpgradeModalView } from './UpgradeModalView';

afterEach(cleanup);

function show(modal: UpgradeModal) {
  const handlers = { onStart: vi.fn(), onClose: vi.fn(), onRetry: vi.fn(), onReload: vi.fn() };
  const view = renderWithTexts(<UpgradeModalView modal={modal} {...handlers} />);
  const again = (next: UpgradeModal) => view.rerender(<UpgradeModalView modal={next} {...handlers} />);
  return { ...handlers, again };
}

const dialog = () => screen.getByRole('dialog', { name: 'Upgrade to the Unified Trading Account' });
const button = (name: string) => screen.getByRole('button', { name });

describe('UpgradeModalView', () => {
  it('shows what changes and the terms; Start needs the terms ticked', () => {
    const { onStart } = show({ phase: 'intro' });
    expect(dialog().textContent).toContain('Your balances and open orders are carried over as they are.');
    expect(button('Start upgrade')).toHaveProperty('disabled', true);
    fireEvent.click(button('Start upgrade'));
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and agree to the Unified Trading Account terms' }));
    fireEvent.click(button('Start upgrade'));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('asks for the terms again at the next opening', () => {
    const { again } = show({ phase: 'intro' });
    fireEvent.click(screen.getByRole('checkbox'));
    again({ phase: 'closed' });
    again({ phase: 'loading' });
    again({ phase: 'intro' });
    expect(screen.getByRole('checkbox')).toHaveProperty('checked', false);
  });

  it('while starting, Start is busy and the tick cannot change', () => {
    show({ phase: 'starting' });
    expect(button('Starting…')).toHaveProperty('disabled', true);
    expect(screen.getByRole('checkbox')).toHaveProperty('disabled', true);
  });

  it('in progress: the progress text and Close', () => {
    const { onClose } = show({ phase: 'progress' });
    expect(dialog().textContent).toContain('Your account is being upgraded.');
    fireEvent.click(button('Close'));
    expect(onClose).toHaveBeenCalled();
  });

  it("an error says the code's message and the code; Try again starts again", () => {
    const { onStart } = show({ phase: 'error', code: '3400327' });
    expect(screen.getByRole('alert').textContent).toBe('The upgrade could not be completed. Your account is unchanged; you can try again.');
    expect(dialog().textContent).toContain('Code: 3400327');
    fireEvent.click(button('Try again'));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('"already unified" offers a reload; an unknown code the generic message with its code', () => {
    const { onReload, again } = show({ phase: 'error', code: '3400325' });
    fireEvent.click(button('Reload'));
    expect(onReload).toHaveBeenCalledTimes(1);
    again({ phase: 'error', code: '777' });
    expect(screen.getByRole('alert').textContent).toBe('The upgrade could not be completed (code 777).');
    again({ phase: 'error', code: 'network' });
    expect(screen.getByRole('alert').textContent).toContain('the network did not answer');
    expect(dialog().textContent).not.toContain('Code:');
  });

  it('currentOperationFailed when it could not initialise, with Retry', () => {
    const { onRetry } = show({ phase: 'initFailed' });
    expect(screen.getByRole('alert').textContent).toBe('The current operation failed. Please try again later.');
    fireEvent.click(button('Retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('closed: no dialog', () => {
    show({ phase: 'closed' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
