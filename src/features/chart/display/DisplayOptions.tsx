import { DisplayOptionsMenu } from './DisplayOptionsMenu';
import { useDisplayOptions } from './useDisplayOptions';

/** The display-options dropdown wired to the viewer, the stored settings and the sync-to-app preference. */
export function DisplayOptions() {
  return <DisplayOptionsMenu {...useDisplayOptions()} />;
}
