export { GenericErrorPage } from './generic-error-page';
export { ErrorDetailsButton } from './error-details-button';
export { NotFoundPage } from './not-found-page';
export { RouteErrorPage } from './route-error-page';
export { RootLayout } from './root-layout';
export { RoutePending } from './route-pending';
export { UnderConstructionPage } from './under-construction-page';
export { UpdatePrompt } from './update-prompt';
export { isIndexable, robotsFor, SITEMAP_PATHS, toneFor, type PageTone } from '@/domain/page-meta';
