import { useEffect, useMemo } from 'react';
import { autoRoute, type RouteChoice } from '../../domain/routeChoice';
import type { LatencyLevel } from '../../domain/latency';
import { apiRouteStore, useApiRoute } from '../../data/apiRoute';
import { useRouteLatencies, useRoutes } from '../../data/marketQueries';

export interface RouteOption {
  /** 'auto' or the line's id */
  key: string;
  choice: RouteChoice;
  /** 1-based position of the line ("Route 2"); null for Auto */
  number: number | null;
  /** for Auto: the number of the line it picked, if any */
  picked: number | null;
  latencyMs: number | null;
  level: LatencyLevel | null;
  selected: boolean;
}

export interface RoutePicker {
  options: RouteOption[];
  /** the option the button shows */
  current: RouteOption;
  choose: (choice: RouteChoice) => void;
  /** measure every line again (the picker does it when it opens) */
  reprobe: () => void;
}

/**
 * The route picker's logic: the lines with their latency, Auto's pick, the
 * persisted choice, and feeding the measurements to the store every REST call
 * reads its base from (src/data/apiRoute.ts).
 */
export function useRoutePicker(): RoutePicker {
  const routes = useRoutes().data;
  const { routes: measured, reprobe } = useRouteLatencies(routes ?? []);
  const { choice } = useApiRoute();

  // A stable key: the measurements array is new on every render.
  const measuredKey = measured.map((r) => `${r.id}=${r.base}=${r.latencyMs ?? ''}`).join('|');
  useEffect(() => {
    if (routes) apiRouteStore.measured(measured.map(({ id, base, latencyMs }) => ({ id, base, latencyMs })));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measuredKey stands for `measured`
  }, [routes, measuredKey]);

  const options = useMemo(() => {
    const picked = autoRoute(measured);
    const pickedIndex = picked ? measured.indexOf(picked) : -1;
    const lineChosen = choice.mode === 'line' && measured.some((r) => r.id === choice.id);
    const auto: RouteOption = {
      key: 'auto',
      choice: { mode: 'auto' },
      number: null,
      picked: pickedIndex >= 0 ? pickedIndex + 1 : null,
      latencyMs: picked?.latencyMs ?? null,
      level: picked?.level ?? null,
      selected: !lineChosen,
    };
    const lines = measured.map(
      (route, i): RouteOption => ({
        key: route.id,
        choice: { mode: 'line', id: route.id, base: route.base },
        number: i + 1,
        picked: null,
        latencyMs: route.latencyMs,
        level: route.level,
        selected: lineChosen && choice.mode === 'line' && choice.id === route.id,
      }),
    );
    return [auto, ...lines];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measuredKey stands for `measured`
  }, [measuredKey, choice]);

  return {
    options,
    current: options.find((o) => o.selected) ?? (options[0] as RouteOption),
    choose: apiRouteStore.choose,
    reprobe,
  };
}
