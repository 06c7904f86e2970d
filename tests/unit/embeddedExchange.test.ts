import { describe, expect, it } from 'vitest';
import { earlyExchangeModule } from '../../vite-plugins/embeddedExchange';

describe("the entry's early start of the exchange", () => {
  it('is the worker opener in the demo build and nothing in the remote one', () => {
    expect(earlyExchangeModule(undefined)).toMatch(/mocks\/worker\/exchangePort\.ts$/);
    expect(earlyExchangeModule('remote')).not.toMatch(/exchangePort/);
  });
});
