export { GuidedTour } from './GuidedTour';
export { OrderFormTour } from './OrderFormTour';
