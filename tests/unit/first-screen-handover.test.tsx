import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, expect, it } from 'vitest';
import { handOverFirstScreen } from '@/lib/first-screen-handover';

/** The server's first screen (server/http/first-screen.ts): a search box and a job. */
function serverFirstScreen() {
  const element = document.createElement('div');
  element.id = 'first-screen';
  element.innerHTML =
    '<form role="search" action="/jobs"><input type="search" name="searchText" aria-label="First screen search"></form>' +
    '<h2><a href="/jobs/Acme/job-1">Data Analyst</a></h2>';
  document.body.prepend(element);
  return element.querySelector('input')!;
}

/** The app's controlled search box, and what it would search for. */
function AppSearch() {
  const [text, setText] = useState('');
  return (
    <>
      <input
        type="search"
        aria-label="App search"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <output aria-label="Will search for">{text}</output>
    </>
  );
}

function renderApp() {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  render(<AppSearch />, { container: root });
}

afterEach(() => {
  document.body.innerHTML = '';
});

it("removes the server's first screen, leaving the app's page", () => {
  serverFirstScreen();
  renderApp();
  handOverFirstScreen();
  expect(document.getElementById('first-screen')).toBeNull();
  expect(screen.queryByRole('link', { name: 'Data Analyst' })).toBeNull();
  expect(screen.getByLabelText('App search')).toBeInTheDocument();
});

it('carries what the visitor typed meanwhile into the app, with the focus', () => {
  const early = serverFirstScreen();
  renderApp();
  early.focus();
  fireEvent.change(early, { target: { value: 'react developer' } });
  handOverFirstScreen();
  const appSearch = screen.getByLabelText<HTMLInputElement>('App search');
  expect(appSearch.value).toBe('react developer');
  // The app's own state has it (onChange ran), not just the element.
  expect(screen.getByLabelText('Will search for')).toHaveTextContent('react developer');
  expect(appSearch).toHaveFocus();
});

it('leaves the focus alone when the visitor was not in the search box', () => {
  serverFirstScreen();
  renderApp();
  handOverFirstScreen();
  expect(screen.getByLabelText('App search')).not.toHaveFocus();
  expect(screen.getByLabelText<HTMLInputElement>('App search').value).toBe('');
});

it('does nothing on a page that came without a first screen', () => {
  renderApp();
  expect(() => handOverFirstScreen()).not.toThrow();
  expect(screen.getByLabelText('App search')).toBeInTheDocument();
});
