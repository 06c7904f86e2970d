/**
 * The help chat's canned answers: a message is matched to one intent by
 * keywords, and the intent answers a reply, links and follow-up suggestions.
 * English only, like a first-line support bot; the page translates its own
 * texts, not the server's.
 */
export interface SupportLink {
  label: string;
  url: string;
}

export interface SupportAnswer {
  reply: string;
  links: SupportLink[];
  suggestions: string[];
}

export const SUPPORT_EMAIL = 'support@spot-demo.example';

const TOPICS = ['Trading fees', 'Order types', 'Deposits and withdrawals', 'Demo account', 'New listings', 'Routes and latency', 'Favorites', 'Talk to a human'];

interface Intent {
  id: string;
  /** any of these words (lower case, whole word or prefix) selects the intent */
  keywords: string[];
  answer: (context: { ticket: () => string }) => SupportAnswer;
}

const INTENTS: Intent[] = [
  {
    id: 'human',
    keywords: ['human', 'agent', 'person', 'someone', 'complaint', 'ticket', 'operator'],
    answer: ({ ticket }) => {
      const id = ticket();
      return {
        reply: `I have opened ticket ${id} for you. A member of our support team answers by email within 24 hours; quote ${id} if you write to us.`,
        links: [{ label: `Email support (${id})`, url: `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(`Ticket ${id}`)}` }],
        suggestions: ['Trading fees', 'Deposits and withdrawals'],
      };
    },
  },
  {
    id: 'fees',
    keywords: ['fee', 'fees', 'commission', 'maker', 'taker', 'cost', 'charge'],
    answer: () => ({
      reply: 'Spot trading fees are 0.1 % for makers and 0.1 % for takers, charged on the asset you receive.',
      links: [{ label: 'Fee schedule', url: '/fee-rate' }],
      suggestions: ['Order types', 'Demo account'],
    }),
  },
  {
    id: 'orders',
    keywords: ['order', 'orders', 'limit', 'market', 'stop', 'oco', 'trailing', 'tpsl'],
    answer: () => ({
      reply:
        'You can place limit and market orders, and conditional orders: stop-limit, OCO (one cancels the other), TP/SL and trailing stop. A limit order waits at your price; a market order fills at once at the best prices in the book.',
      links: [{ label: 'Order types explained', url: '/help/order-types' }],
      suggestions: ['Trading fees', 'Routes and latency'],
    }),
  },
  {
    id: 'funds',
    keywords: ['deposit', 'deposits', 'withdraw', 'withdrawal', 'withdrawals', 'transfer', 'wallet', 'fund', 'funds'],
    answer: () => ({
      reply:
        'Deposits are credited after the network confirmations of the coin; withdrawals are checked and sent within 30 minutes on most networks. Always pick the same network on both sides.',
      links: [
        { label: 'Deposit', url: '/assets/deposit' },
        { label: 'Withdraw', url: '/assets/withdraw' },
      ],
      suggestions: ['Trading fees', 'Talk to a human'],
    }),
  },
  {
    id: 'demo',
    keywords: ['demo', 'practice', 'paper', 'top', 'topup', 'virtual', 'test'],
    answer: () => ({
      reply:
        'The demo account trades with virtual funds on live prices. You can top up the demo balance at any time from the assets page; demo accounts have no rewards hub and no chart cloud save.',
      links: [{ label: 'Top up demo funds', url: '/assets/demo-top-up' }],
      suggestions: ['Order types', 'Trading fees'],
    }),
  },
  {
    id: 'listings',
    keywords: ['listing', 'listings', 'new', 'launch', 'countdown', 'open', 'opening'],
    answer: () => ({
      reply:
        'A new symbol shows a countdown on its chart until it opens for trading, with the opening time in UTC. Trading starts the moment the countdown reaches zero.',
      links: [{ label: 'New listing announcements', url: '/announcements/new-listings' }],
      suggestions: ['Order types', 'Favorites'],
    }),
  },
  {
    id: 'routes',
    keywords: ['route', 'routes', 'line', 'lines', 'latency', 'slow', 'lag', 'ping', 'speed', 'api', 'connection'],
    answer: () => ({
      reply:
        'The route picker in the footer lists the server lines with their measured latency: green under 500 ms, amber up to 1000 ms, red above. Auto uses the fastest line; pick another one if your connection is slow.',
      links: [{ label: 'API documentation', url: '/docs/api' }],
      suggestions: ['Talk to a human', 'Favorites'],
    }),
  },
  {
    id: 'favorites',
    keywords: ['favorite', 'favorites', 'favourite', 'favourites', 'star', 'watchlist', 'recent'],
    answer: () => ({
      reply:
        'Star a symbol in the market list to add it to your favorites; they appear in the footer with their 24 h change. Signed in, favorites follow your account; as a visitor they stay in this browser.',
      links: [{ label: 'Log in', url: '/login' }],
      suggestions: ['New listings', 'Routes and latency'],
    }),
  },
];

const FALLBACK: SupportAnswer = {
  reply: `I can help with these topics: ${TOPICS.join(', ')}. Pick one below or ask in your own words.`,
  links: [{ label: 'Help center', url: '/help' }],
  suggestions: TOPICS.slice(0, 4),
};

const words = (text: string) => text.toLowerCase().match(/[a-z]+/g) ?? [];

/** The intent whose keywords occur first wins ("human" is checked first: a person asked for should never get a bot answer). */
export function matchIntent(message: string): string | null {
  const said = new Set(words(message));
  return INTENTS.find((intent) => intent.keywords.some((k) => said.has(k)))?.id ?? null;
}

export function answerFor(message: string, ticket: () => string): SupportAnswer {
  const id = matchIntent(message);
  const intent = INTENTS.find((i) => i.id === id);
  return intent ? intent.answer({ ticket }) : FALLBACK;
}
