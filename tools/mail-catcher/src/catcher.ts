import type { Server } from 'node:http';
import { createMailCatcherApp } from './app.js';
import { createSmtpServer, type SmtpControls } from './smtp.js';
import { MessageStore } from './store.js';

export interface RunningMailCatcher {
  store: MessageStore;
  controls: SmtpControls;
  smtpPort: number;
  httpPort: number;
  close: () => Promise<void>;
}

/** Starts the SMTP and HTTP sides; port 0 picks free ports (tests). */
export async function startMailCatcher({ smtpPort = 1025, httpPort = 8025, host = '0.0.0.0' } = {}): Promise<RunningMailCatcher> {
  const store = new MessageStore();
  const controls: SmtpControls = { down: false };
  const smtp = createSmtpServer(store, controls);
  const boundSmtpPort = await new Promise<number>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, host, () => {
      const address = smtp.server.address();
      resolve(typeof address === 'object' && address ? address.port : smtpPort);
    });
  });
  const app = createMailCatcherApp(store, controls);
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(httpPort, host, () => resolve(s));
    s.on('error', reject);
  });
  const address = server.address();
  return {
    store,
    controls,
    smtpPort: boundSmtpPort,
    httpPort: typeof address === 'object' && address ? address.port : httpPort,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
