import { Suspense, useEffect, useLayoutEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { textDirection } from '../domain/locale';
import { decideRoute, type RouteDecision } from '../domain/routes';
import { browserLanguages, readStoredLocale, writeStoredLocale } from '../data/preferences';
import { themeStore } from '../data/themeStore';
import { SpotPage } from './SpotPage';
import { lazyNamed } from '../ui/lazyNamed';

/** The leveraged-token page is its own route: its code loads when it is opened. */
const LazyLtPage = lazyNamed(() => import('./LtPage'), 'LtPage');

/** Every route goes through the spec's route table (domain/routes): a page or a redirect. */
/** `--page` of each theme (src/app/styles.css). */
const PAGE_BACKGROUND = { dark: '#0b0e11', light: '#f5f5f5' } as const;

export function RoutedPage() {
  const location = useLocation();
  const decision = decideRoute(location.pathname, { stored: readStoredLocale(), browser: browserLanguages() });
  if (decision.kind === 'redirect') return <Navigate to={decision.to + location.search + location.hash} replace />;
  return <LocalisedPage decision={decision} />;
}

function LocalisedPage({ decision }: { decision: Exclude<RouteDecision, { kind: 'redirect' }> }) {
  const { i18n } = useTranslation();
  const { locale, kind } = decision;
  const userTheme = useSyncExternalStore(themeStore.subscribe, themeStore.get);

  useLayoutEffect(() => {
    const html = document.documentElement;
    html.lang = locale;
    html.dir = textDirection(locale);
    // The LT detail page is always light (spec 2 §2); it does not change the user's choice.
    const theme = kind === 'lt' ? 'light' : userTheme;
    html.dataset.theme = theme;
    // The browser's own bar (and an installed app's title bar) takes the page's background colour.
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', PAGE_BACKGROUND[theme]);
  }, [locale, kind, userTheme]);

  useEffect(() => {
    writeStoredLocale(locale);
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);

  const props = { locale, base: decision.base, quote: decision.quote };
  return kind === 'lt' ? (
    <Suspense fallback={null}>
      <LazyLtPage {...props} />
    </Suspense>
  ) : (
    <SpotPage {...props} />
  );
}
