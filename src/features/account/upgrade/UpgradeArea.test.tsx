import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../data/api/profile';
import { testProfile } from '../../../data/profile.testkit';
import { createQueryClient, queryKeys } from '../../../data/queries';
import { STORAGE_KEYS } from '../../../data/storage';
import { applyUpgradeEffect, reloadUpgradeSeen, setPageReloaderForTests } from '../../../data/upgrade';
import { fetchUpgradeStatus, startUpgrade } from '../../../data/upgradeApi';
import { resetUpgradeModal } from './modalStore';
import { renderWithTexts } from './testTexts.testkit';
import { UpgradeArea } from './UpgradeArea';
import { UpgradeEntry } from './UpgradeEntry';

vi.mock('../../../data/upgradeApi', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../data/upgradeApi')>()),
  fetchUpgradeStatus: vi.fn(),
  startUpgrade: vi.fn(),
}));

let client: QueryClient;
const reloads = vi.fn();

/** The trade area as the page composes it: the upgrade first, the order form beside it. */
function renderArea(profile: Profile) {
  client.setQueryData(queryKeys.profile, profile);
  return renderWithTexts(
    <QueryClientProvider client={client}>
      <UpgradeEntry />
      <div id="trade-area">
        <UpgradeArea />
        <form aria-label="Order form"><button type="submit">Buy BTC</button></form>
      </div>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  client = createQueryClient();
  client.setQueryDefaults(queryKeys.profile, { staleTime: Number.POSITIVE_INFINITY });
  localStorage.clear();
  reloadUpgradeSeen();
  resetUpgradeModal();
  reloads.mockReset();
  setPageReloaderForTests(reloads);
  vi.mocked(fetchUpgradeStatus).mockReset().mockResolvedValue('NONE');
  vi.mocked(startUpgrade).mockReset().mockResolvedValue({ ok: true });
});
afterEach(() => {
  cleanup();
  client.clear();
});

const tip = () => screen.queryByRole('region', { name: 'Upgrade to the Unified Trading Account' });
const modal = () => screen.queryByRole('dialog', { name: 'Upgrade to the Unified Trading Account' });

describe('UpgradeArea', () => {
  it('a classic account gets the entry and the one-time tip, marked seen on this device as it shows', () => {
    renderArea(testProfile());
    expect(screen.getByRole('button', { name: 'Upgrade to UTA' })).toBeTruthy();
    expect(tip()).not.toBeNull();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.upgradeSeen) ?? '{}')).toEqual({ 'u-classic': { tip: true, guide: false } });
    fireEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(tip()).toBeNull();
    cleanup();
    // The next visit: no tip, the entry stays.
    renderArea(testProfile());
    expect(tip()).toBeNull();
    expect(screen.getByRole('button', { name: 'Upgrade to UTA' })).toBeTruthy();
  });

  it('the entry opens the modal from the status; the start masks the trade area and blocks it', async () => {
    renderArea(testProfile({ memberTags: { UTA: 'FAIL', UTA_INVERSE: 'FAIL' } }));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to UTA' }));
    expect(modal()?.textContent).toContain('Checking your account');
    await screen.findByRole('checkbox', { name: /agree to the Unified Trading Account terms/ });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Start upgrade' }));
    fireEvent.click(screen.getByRole('button', { name: 'Starting…' }));
    await waitFor(() => expect(screen.queryByTestId('upgrade-mask')).not.toBeNull());
    expect(startUpgrade).toHaveBeenCalledTimes(1);
    expect(client.getQueryData<Profile>(queryKeys.profile)?.memberTags).toEqual({ UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' });
    expect(screen.getByTestId('upgrade-mask').textContent).toContain('Your account is being upgraded to a Unified Trading Account');
    expect(screen.getByRole('form', { name: 'Order form' }).hasAttribute('inert')).toBe(true);
    expect(modal()?.textContent).toContain('This takes a few seconds');
    expect(screen.getByRole('button', { name: 'Upgrading…' })).toBeTruthy();
  });

  it('currentOperationFailed when the status cannot be read; Retry reads it again', async () => {
    vi.mocked(fetchUpgradeStatus).mockRejectedValueOnce(new Error('down'));
    renderArea(testProfile());
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to UTA' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The current operation failed. Please try again later.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Start upgrade' });
    expect(fetchUpgradeStatus).toHaveBeenCalledTimes(2);
  });

  it('a pushed error opens the modal with it; the mask goes once the profile says FAIL', async () => {
    renderArea(testProfile({ memberTags: { UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' } }));
    expect(screen.getByTestId('upgrade-mask')).toBeTruthy();
    act(() => applyUpgradeEffect(client, { kind: 'error', code: '3400327' }));
    expect(screen.getByRole('alert').textContent).toContain('The upgrade could not be completed.');
    act(() => client.setQueryData(queryKeys.profile, testProfile({ memberTags: { UTA: 'FAIL', UTA_INVERSE: 'FAIL' } })));
    await waitFor(() => expect(screen.queryByTestId('upgrade-mask')).toBeNull());
    expect(screen.getByRole('form', { name: 'Order form' }).hasAttribute('inert')).toBe(false);
  });

  it('a finished upgrade reloads the page, by push or seen in the profile', async () => {
    renderArea(testProfile({ memberTags: { UTA: 'PROCESS', UTA_INVERSE: 'PROCESS' } }));
    act(() => client.setQueryData(queryKeys.profile, testProfile({ accountType: 'UTA', memberTags: { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' } })));
    await waitFor(() => expect(reloads).toHaveBeenCalledTimes(1));
  });

  it('the success guide shows once on this device, and never to demo accounts', () => {
    const unified = testProfile({ userId: 'u-uta', accountType: 'UTA', memberTags: { UTA: 'SUCCESS', UTA_INVERSE: 'SUCCESS' } });
    renderArea(unified);
    expect(screen.getByRole('region', { name: 'Welcome to your Unified Trading Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to UTA' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Welcome to your Unified Trading Account' })).toBeNull();
    cleanup();
    renderArea(unified);
    expect(screen.queryByRole('region', { name: 'Welcome to your Unified Trading Account' })).toBeNull();
    cleanup();
    renderArea({ ...unified, userId: 'u-demo', isDemo: true });
    expect(screen.queryByRole('region', { name: 'Welcome to your Unified Trading Account' })).toBeNull();
  });
});
