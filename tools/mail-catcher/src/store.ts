import { randomUUID } from 'node:crypto';

export interface CaughtMessage {
  id: string;
  messageId: string | null;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
  size: number;
}

/** Messages in memory, newest last, at most `limit` (the oldest are dropped). */
export class MessageStore {
  private messages: CaughtMessage[] = [];
  constructor(private readonly limit = 2_000) {}

  add(message: Omit<CaughtMessage, 'id' | 'receivedAt'>): CaughtMessage {
    const stored = { ...message, id: randomUUID(), receivedAt: new Date().toISOString() };
    this.messages.push(stored);
    if (this.messages.length > this.limit) this.messages.splice(0, this.messages.length - this.limit);
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
