/** Order entry on the Trade tab (spec 2 §1, §2): the form, its gates and the trade preferences. */
export { OrderEntryPanel } from './OrderEntryPanel';
