import { render, screen } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../../src/app/ErrorBoundaries';
import { STORAGE_KEYS } from '../../src/data/storage';

function Broken(): never {
  throw new Error('render failed');
}

describe('generic error fallback', () => {
  it('replaces a page that throws while rendering, not the router default screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // The boundary the app's routes sit in, with a page that throws in place of the real ones.
    render(
      <MemoryRouter>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Please reload the page');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDefined();
  });
});

describe('index.html', () => {
  it('reads the theme from the same storage key as the app', () => {
    const html = readFileSync(resolve(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}')`);
  });
});
