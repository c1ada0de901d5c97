import express, { type Express } from 'express';
import type { SmtpControls } from './smtp.js';
import type { MessageStore } from './store.js';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

/** HTTP side: a page for people and a JSON API for tests. */
export function createMailCatcherApp(store: MessageStore, controls: SmtpControls): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(express.json());
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: 'mail-catcher', checks: {} });
  });
  app.get('/alive', (_req, res) => {
    res.json({ status: 'ok', service: 'mail-catcher' });
  });
  app.get('/api/messages', (req, res) => {
    const to = typeof req.query.to === 'string' ? req.query.to : undefined;
    const subject = typeof req.query.subject === 'string' ? req.query.subject : undefined;
    res.json({ messages: store.list({ to, subject }) });
  });
  app.get('/api/messages/:id', (req, res) => {
    const message = store.get(req.params.id);
    if (!message) {
      res.status(404).json({ success: false, error: 'No such message' });
      return;
    }
    res.json(message);
  });
  app.delete('/api/messages', (_req, res) => {
    store.clear();
    res.json({ success: true });
  });
  app.get('/api/smtp', (_req, res) => {
    res.json(controls);
  });
  app.post('/api/smtp', (req, res) => {
    const { down, delayMs } = req.body ?? {};
    if ((down !== undefined && typeof down !== 'boolean') || (delayMs !== undefined && !(Number.isInteger(delayMs) && delayMs >= 0 && delayMs <= 600_000))) {
      res.status(400).json({ success: false, error: 'Send {"down": true|false, "delayMs": 0-600000}' });
      return;
    }
    if (down !== undefined) controls.down = down;
    if (delayMs !== undefined) controls.delayMs = delayMs;
    res.json(controls);
  });
  app.get('/messages/:id', (req, res) => {
    const message = store.get(req.params.id);
    if (!message) {
      res.status(404).type('text').send('No such message');
      return;
    }
    // The e-mail's own HTML is shown in a sandboxed frame so its markup cannot script this page.
    res
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>${escape(message.subject)}</title><style>body{font:14px system-ui;margin:1rem}iframe{width:100%;height:70vh;border:1px solid #ccc}</style><p><a href="/">All messages</a></p><h1>${escape(message.subject)}</h1><p>From ${escape(message.from)} to ${escape(message.to.join(', '))} at ${escape(message.receivedAt)}</p><iframe sandbox srcdoc="${escape(message.html || `<pre>${escape(message.text)}</pre>`)}"></iframe><h2>Plain text</h2><pre>${escape(message.text)}</pre>`,
      );
  });
  app.get('/', (_req, res) => {
    const rows = store
      .list()
      .slice()
      .reverse()
      .map((m) => `<tr><td>${escape(m.receivedAt)}</td><td>${escape(m.to.join(', '))}</td><td><a href="/messages/${m.id}">${escape(m.subject || '(no subject)')}</a></td></tr>`)
      .join('');
    res
      .type('html')
      .send(
        `<!doctype html><meta charset="utf-8"><title>Mail catcher</title><style>body{font:14px system-ui;margin:1rem}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left}</style><h1>Mail catcher</h1><p>SMTP is ${controls.down ? '<strong>down</strong>' : 'up'}. ${store.list().length} message(s).</p><table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`,
      );
  });
  return app;
}
