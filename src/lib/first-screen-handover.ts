/**
 * The app takes over from the server's first screen (issue 24 item 5). A signed-out first visit
 * to `/jobs` or a job page comes with that screen in the HTML (server/http/first-screen.ts): the
 * visitor reads the jobs, opens one or searches while the scripts are still on their way. The app
 * renders into `#root` beneath it, unseen (global.css), and once its own first screen is shown
 * (afterFirstScreen) this removes the server's, so the visitor sees the same page, now live, in
 * the same place. Text typed into the first screen's search box meanwhile carries over into the
 * app's, with the focus.
 */
import { FIRST_SCREEN_ID } from '@/domain/first-screen-id';

/** Sets a React-controlled input's value the way typing does, so its onChange sees it. */
function typeInto(input: HTMLInputElement, text: string) {
  // The prototype's setter: React watches the element's own value property, and a change made
  // through it would be taken for React's own and not reported.
  const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
  descriptor?.set?.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

export function handOverFirstScreen(doc: Document = document): void {
  const screen = doc.getElementById(FIRST_SCREEN_ID);
  if (!screen) return;
  const search = screen.querySelector<HTMLInputElement>('input[type=search]');
  const typed = search?.value ?? '';
  const focused = search !== null && doc.activeElement === search;
  screen.remove();
  if (!typed && !focused) return;
  const appSearch = doc.querySelector<HTMLInputElement>('#root input[type=search]');
  if (!appSearch) return;
  if (typed) typeInto(appSearch, typed);
  if (focused) appSearch.focus();
}
