export { ShareJobButton } from './share-job-button';
export { shareDestination, type ShareDestination, type SharedData } from './share-target';
