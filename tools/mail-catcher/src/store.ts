import { randomUUID } from 'node:crypto';
import type { MessageFields, ReadMessage } from './message.js';

export interface CaughtMessage extends MessageFields {
  id: string;
  to: string[];
  receivedAt: string;
  size: number;
}

/**
 * Messages in memory, newest last, at most `limit` (the oldest are dropped). A message's `text` and
 * `html` are decoded the first time they are read (message.ts): the list, the inbox page and most
 * lookups only need the headers.
 */
export class MessageStore {
  private messages: CaughtMessage[] = [];
  constructor(private readonly limit = 2_000) {}

  add({ head, body }: ReadMessage, envelope: { to: string[]; size: number }): CaughtMessage {
    const stored = { ...head, id: randomUUID(), to: envelope.to, receivedAt: new Date().toISOString(), size: envelope.size } as CaughtMessage;
    // Own enumerable getters: JSON (the API) and object spreads read them like plain fields.
    Object.defineProperties(stored, {
      text: { enumerable: true, get: () => body().text },
      html: { enumerable: true, get: () => body().html },
    });
    this.messages.push(stored);
    while (this.messages.length > this.limit) this.messages.shift();
    return stored;
  }

  list(filter: { to?: string; subject?: string } = {}): CaughtMessage[] {
    return this.messages.filter(
      (message) =>
        (!filter.to || message.to.some((address) => address.toLowerCase() === filter.to!.toLowerCase())) &&
        (!filter.subject || message.subject.toLowerCase().includes(filter.subject.toLowerCase())),
    );
  }

  get(id: string): CaughtMessage | undefined {
    return this.messages.find((message) => message.id === id);
  }

  clear(): void {
    this.messages = [];
  }
}
