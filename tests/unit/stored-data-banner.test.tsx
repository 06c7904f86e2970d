import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExchangeStateStore, SetAsideRecord } from '../../mocks/runtime/exchangePersistence';
import { SET_ASIDE_PATH, storageControlHandlers } from '../../mocks/runtime/storageControl';
import { StoredDataBanner } from '../../src/features/announcements';

// Texts are keys (no i18n instance): the test is about what the trader can do, not the wording.
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key, i18n: { language: 'en' } }) }));

/** An exchange's state store with something set aside (or not), behind the real storage controls. */
function storeWith(kept: { record: SetAsideRecord; text: string } | null): ExchangeStateStore & { discarded: number } {
  const store = {
    discarded: 0,
    load: () => null,
    save: () => undefined,
    aside: () => kept,
    discardAside: () => {
      kept = null;
      store.discarded += 1;
    },
  };
  return store;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function show(store: ExchangeStateStore | null) {
  server.use(...(store ? storageControlHandlers(store) : [http.get('/mock/api/storage', () => new HttpResponse(null, { status: 404 }))]));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <StoredDataBanner />
    </QueryClientProvider>,
  );
}

const damaged = { record: { kind: 'foreign' as const, detail: 'exchange snapshot of version 2', at: 1, bytes: 12 }, text: '{"version":2' };

describe('saved demo accounts that did not restore', () => {
  it('says why, offers the old data as a download, and goes once they are let go', async () => {
    const store = storeWith(damaged);
    const saved: string[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      void blob.text().then((text) => saved.push(text));
      return 'blob:saved';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show(store);

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('storedWhy_foreign');
    fireEvent.click(screen.getByRole('button', { name: 'storedDownload' }));
    await waitFor(() => expect(saved).toEqual(['{"version":2']));
    expect(clicks).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole('button', { name: 'storedDiscard' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(store.discarded).toBe(1);
    clicks.mockRestore();
  });

  it('shows nothing when nothing is set aside, or when the exchange has no such call', async () => {
    const { unmount } = show(storeWith(null));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    show(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the download fails, and stays', async () => {
    show(storeWith(damaged));
    server.use(http.get(SET_ASIDE_PATH, () => HttpResponse.error()));
    fireEvent.click(await screen.findByRole('button', { name: 'storedDownload' }));
    expect(await screen.findByText('storedDownloadFailed')).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
