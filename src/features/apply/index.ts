export { ApplyAction, type ApplyJob } from './components/apply-action';
export { saveContinuation, takeContinuationUrl, PENDING_CONTINUATION_KEY } from './continuation';
