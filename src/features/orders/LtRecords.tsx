import { LtRecordsView } from './LtRecordsView';
import { useLtRecords } from './useLtRecords';

/** Spec 2 §2 record sub-tabs: the account's leveraged-token subscriptions and redemptions. */
export function LtRecords() {
  return <LtRecordsView model={useLtRecords()} />;
}
