/**
 * The HTML of the local hosted UI: the username/password page Cognito's hosted UI shows, the
 * fake external provider page (LinkedIn), and an error page. Every value from the request is
 * escaped (cognito-local's own form is not). Field names match Cognito's and cognito-local's
 * forms (`username`, `password`), so browser tests read the same either way.
 */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; max-width: 24rem; margin: 3rem auto; padding: 0 1rem; }
  label { display: block; margin: 1rem 0 0.25rem; }
  input { width: 100%; padding: 0.5rem; box-sizing: border-box; }
  button { margin-top: 1.5rem; padding: 0.5rem 1.25rem; }
  .note { color: #555; font-size: 0.875rem; }
  [role=alert] { color: #b00020; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

function hiddenFields(fields: Record<string, string | undefined>): string {
  return Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('\n');
}

function errorLine(error: string | undefined): string {
  return error ? `<p role="alert">${escapeHtml(error)}</p>` : '';
}

export function signInPage(
  authorize: Record<string, string | undefined>,
  form: { username?: string; error?: string } = {},
): string {
  return page(
    'Sign in',
    `<h1>Sign in</h1>
<p class="note">Local identity stand-in: demo accounts only.</p>
${errorLine(form.error)}
<form method="post" action="/oauth2/authorize">
${hiddenFields(authorize)}
<label for="username">Email</label>
<input id="username" name="username" type="email" autocomplete="username" required value="${escapeHtml(form.username ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function providerPage(
  provider: string,
  authorize: Record<string, string | undefined>,
  form: { email?: string; name?: string; error?: string } = {},
): string {
  return page(
    `Fake ${provider}`,
    `<h1>Fake ${escapeHtml(provider)} sign-in</h1>
<p class="note">Local only: stands in for ${escapeHtml(provider)}. Any email signs in as a
${escapeHtml(provider)} user; the same email comes back as the same user.</p>
${errorLine(form.error)}
<form method="post" action="/oauth2/fake-idp">
${hiddenFields(authorize)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(form.email ?? '')}">
<label for="name">Name</label>
<input id="name" name="name" autocomplete="name" value="${escapeHtml(form.name ?? '')}">
<button type="submit">Continue</button>
</form>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'Sign-in error',
    `<h1>Something went wrong</h1>
<p role="alert">${escapeHtml(message)}</p>`,
  );
}
