/**
 * The mail module (issue 17): MAIL_MODE=smtp needs SMTP_URL (config), and the SMTP sender
 * delivers through a real SMTP conversation (nodemailer against a minimal in-process SMTP server
 * on a loopback port); the local sender keeps messages for the dev mailbox, newest first.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createLocalMailSender, createMailSender } from '../../server/mail/mail-sender';
import { testConfig } from './support/test-config';

let server: Server;
let port = 0;
const received: { from: string; to: string[]; data: string }[] = [];

/** Just enough SMTP (RFC 5321) for one client: EHLO, MAIL, RCPT, DATA, QUIT. */
function startSmtp(): Promise<void> {
  server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current = { from: '', to: [] as string[], data: '' };
    socket.setEncoding('utf8');
    socket.write('220 localhost test SMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else {
            current.data += `${line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 OK\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 OK\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      port = (server.address() as { port: number }).port;
      resolve();
    });
  });
}

beforeAll(startSmtp);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the mail module', () => {
  it('needs SMTP_URL with MAIL_MODE=smtp, and an smtp URL', () => {
    expect(() => loadConfig({ MAIL_MODE: 'smtp' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_MODE: 'smtp', SMTP_URL: 'http://mail.example' })).toThrow(
      /SMTP_URL/,
    );
    expect(loadConfig({}).MAIL_MODE).toBe('local');
  });

  it('sends through SMTP with MAIL_FROM', async () => {
    const config = testConfig({
      MAIL_MODE: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
      MAIL_FROM: 'referrals@example.org',
    });
    const mail = await createMailSender(config, { info: () => {} });
    expect(mail.mode).toBe('smtp');
    expect(mail.mailbox).toBeUndefined();
    await mail.send({ to: 'someone@acme.example', subject: 'Your code', text: 'Code 123456' });
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toContain('referrals@example.org');
    expect(received[0]!.to.join()).toContain('someone@acme.example');
    expect(received[0]!.data).toContain('Subject: Your code');
    expect(received[0]!.data).toContain('Code 123456');
  });

  it('keeps local mail for the dev mailbox and logs the address, subject and code', async () => {
    const lines: string[] = [];
    const mail = createLocalMailSender({ info: (line: string) => lines.push(line) } as never);
    await mail.send({ to: 'A@x.example', subject: 'one', text: 'first', codeLine: 'code: 111111' });
    await mail.send({ to: 'a@x.example', subject: 'two', text: 'second' });
    await mail.send({ to: 'b@x.example', subject: 'other', text: 'not yours' });
    expect(mail.mailbox!.to('a@X.example').map((m) => m.subject)).toEqual(['two', 'one']);
    expect(lines[0]).toBe('mail to A@x.example: one\n  code: 111111');
  });
});
