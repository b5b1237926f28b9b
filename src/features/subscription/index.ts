export { SubscriptionPage, type SubscriptionPageProps } from './components/subscription-page';
