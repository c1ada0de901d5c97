import type { Socket } from 'node:net';
import SMTPConnection from 'nodemailer/lib/smtp-connection';

export interface SmtpPoolOptions {
  /** nodemailer's SMTPConnection options: host, port, secure, ignoreTLS, timeouts. */
  connection: ConstructorParameters<typeof SMTPConnection>[0];
  auth?: { user: string; pass: string };
  /** Connections open at once at most; sends beyond wait for a free one. */
  size: number;
  /** A connection nobody used this long is closed (QUIT). */
  idleMs: number;
  /** Messages per connection before it is replaced: relays limit how many a session may carry. */
  maxMessages: number;
}

export interface SmtpPool {
  /** Sends one message; resolves once the server accepted it (250 after the data). */
  send: (envelope: { from: string; to: string[] }, raw: Buffer) => Promise<void>;
  /** Open connections (tests). */
  readonly size: number;
  close: () => void;
}

interface Pooled {
  connection: SMTPConnection;
  messages: number;
  /** The server or the network ended it; never handed out again. */
  dead: boolean;
  idleTimer?: NodeJS.Timeout;
}

/**
 * SMTP connections kept open and reused while mail flows, each a nodemailer SMTPConnection (TLS,
 * STARTTLS, AUTH, PIPELINING, dot-stuffing are all nodemailer's). nodemailer's own pool sends
 * through its Mailer, which builds every message again from a stream and pipes it through a chain
 * of Transform streams: more CPU than the SMTP conversation itself. Here a built message
 * goes to the connection as one Buffer.
 *
 * A send that fails is never repeated here (the server may have taken the message): the caller's
 * sendOnce gives its claim up and the job retries. A connection that failed is closed; one whose
 * message the server refused (a 5xx to a recipient) is reset and reused.
 */
export function createSmtpPool(options: SmtpPoolOptions): SmtpPool {
  const idle: Pooled[] = [];
  const waiting: { resolve: (pooled: Pooled) => void; reject: (error: unknown) => void }[] = [];
  let open = 0;
  let closed = false;

  /** No longer handed out; its slot goes to a sender waiting for one, who opens a connection of its own. */
  const forget = (pooled: Pooled) => {
    if (pooled.dead) return false;
    pooled.dead = true;
    clearTimeout(pooled.idleTimer);
    open--;
    const at = idle.indexOf(pooled);
    if (at >= 0) idle.splice(at, 1);
    const next = closed ? undefined : waiting.shift();
    if (next) connect().then(next.resolve, next.reject);
    return true;
  };
  /** A broken connection (an error, the server's end): closed at once. */
  const drop = (pooled: Pooled) => {
    if (forget(pooled)) pooled.connection.close();
  };
  /** A healthy connection no longer needed (idle, its message limit, the pool closing): QUIT, and the server closes it. */
  const retire = (pooled: Pooled) => {
    if (forget(pooled)) pooled.connection.quit();
  };

  const connect = (): Promise<Pooled> => {
    open++;
    return new Promise<Pooled>((resolve, reject) => {
      const connection = new SMTPConnection(options.connection);
      const pooled: Pooled = { connection, messages: 0, dead: false };
      let ready = false;
      const fail = (error: unknown) => {
        if (ready) return;
        ready = true;
        drop(pooled);
        reject(error);
      };
      // Unheard, a connection error would crash the process. Before the session is ready it fails the
      // connect; afterwards a send's callback gets the same error, or, idle, the connection is dropped.
      connection.on('error', (error) => (ready ? drop(pooled) : fail(error)));
      connection.once('end', () => (ready ? drop(pooled) : fail(new Error('SMTP connection closed before the session started'))));
      connection.connect((error) => {
        if (error) return fail(error);
        const started = () => {
          if (ready) return;
          ready = true;
          coalesceWrites(connection);
          resolve(pooled);
        };
        if (options.auth && connection.allowsAuth) connection.login(options.auth, (loginError) => (loginError ? fail(loginError) : started()));
        else started();
      });
    });
  };

  const acquire = (): Promise<Pooled> => {
    if (closed) return Promise.reject(new Error('the SMTP pool is closed'));
    const pooled = idle.pop();
    if (pooled) {
      clearTimeout(pooled.idleTimer);
      return Promise.resolve(pooled);
    }
    if (open < options.size) return connect();
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };

  const release = (pooled: Pooled) => {
    if (pooled.dead) return;
    if (closed || pooled.messages >= options.maxMessages) {
      retire(pooled);
      return;
    }
    const next = waiting.shift();
    if (next) {
      next.resolve(pooled);
      return;
    }
    idle.push(pooled);
    pooled.idleTimer = setTimeout(() => retire(pooled), options.idleMs);
  };

  return {
    send: async (envelope, raw) => {
      const pooled = await acquire();
      try {
        await new Promise<void>((resolve, reject) => pooled.connection.send(envelope, raw, (error) => (error ? reject(error) : resolve())));
      } catch (error) {
        const code = (error as { code?: string; responseCode?: number }).code;
        const refusedMessageOnly = (code === 'EENVELOPE' || code === 'EMESSAGE') && (error as { responseCode?: number }).responseCode !== 421 && !pooled.dead;
        if (refusedMessageOnly) pooled.connection.reset((resetError) => (resetError ? drop(pooled) : release(pooled)));
        else drop(pooled);
        throw error;
      }
      pooled.messages++;
      release(pooled);
    },
    get size() {
      return open;
    },
    close: () => {
      closed = true;
      for (const waiter of waiting.splice(0)) waiter.reject(new Error('the SMTP pool is closed'));
      for (const pooled of [...idle]) retire(pooled);
    },
  };
}

/**
 * Writes to the connection's socket in one turn of the event loop leave as one segment: nodemailer
 * writes a message and the "." that ends it separately, two segments and two wake-ups of the server
 * where one does. Same bytes, same order. The socket is nodemailer's own (after any
 * STARTTLS); a version that keeps it elsewhere simply writes as before.
 */
function coalesceWrites(connection: SMTPConnection): void {
  const socket = (connection as unknown as { _socket?: Socket })._socket;
  if (!socket || typeof socket.cork !== 'function') return;
  const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
  socket.write = ((...args: unknown[]) => {
    if (!socket.writableCorked) {
      socket.cork();
      setImmediate(() => socket.uncork());
    }
    return write(...args);
  }) as Socket['write'];
}
