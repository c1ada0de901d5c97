import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import express from 'express';
import type { Logger } from 'pino';

/** Express's compiled "trust proxy" test (proxy-addr): is the hop at `index` (0 = the connection's peer) a proxy we believe? */
export type TrustProxy = (address: string, index: number) => boolean;

/**
 * Express's own compiled test for a list of addresses, CIDRs or proxy-addr's names (loopback,
 * linklocal, uniquelocal); an empty list trusts nobody. Throws a TypeError on an entry it cannot read.
 */
export function compileTrust(entries: readonly string[]): TrustProxy {
  const app = express();
  app.set('trust proxy', entries.length ? [...entries] : false);
  return app.get('trust proxy fn') as TrustProxy;
}

/**
 * Where a load balancer in front of the shop sits: this machine, a private network (RFC 1918 and
 * RFC 4193), carrier-grade NAT space a cluster may use, link-local. A client on the internet never does.
 */
const isPrivateAddress = compileTrust(['loopback', 'linklocal', 'uniquelocal', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10']);

/** How often the same untrusted proxy is reported again. */
const ALARM_EVERY_MS = 10 * 60_000;

/**
 * Says loudly (an error line, once per peer every ten minutes) when a request arrives from a private
 * address that forwards clients (it sent X-Forwarded-For) and TRUSTED_PROXIES does not trust it:
 * behind such a load balancer every shopper is one client, sharing every rate limit and the admin
 * login's lockout. The request is still served, its client taken to be the balancer.
 */
export function untrustedProxyAlarm(trust: TrustProxy, logger: Logger): (req: IncomingMessage) => void {
  const lastSaid = new Map<string, number>();
  return (req) => {
    if (req.headers['x-forwarded-for'] === undefined) return;
    const peer = req.socket.remoteAddress ?? '';
    if (trust(peer, 0) || !isPrivateAddress(peer, 0)) return;
    const now = Date.now();
    if (now - (lastSaid.get(peer) ?? 0) < ALARM_EVERY_MS) return;
    if (lastSaid.size > 1_000) lastSaid.clear();
    lastSaid.set(peer, now);
    logger.error(
      { peer },
      'requests arrive through a proxy that TRUSTED_PROXIES does not trust: every client behind it counts as one (rate limits, admin login lockout); add its address or range to TRUSTED_PROXIES',
    );
  };
}

/**
 * The client the gateway believes, as Express's `req.ip` names it (proxy-addr's rules): the
 * connection's peer, unless that peer is a trusted proxy; then X-Forwarded-For is read from the
 * right, hop by hop, up to the first address that is not a trusted proxy (or its leftmost entry).
 * API requests never enter Express (app.ts), so this is worked out here, with Express's own
 * compiled trust test; without trusted proxies it is the peer at once.
 */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  let address = req.socket.remoteAddress ?? '';
  if (!trust(address, 0)) return address;
  const header = req.headers['x-forwarded-for'];
  // Node joins repeated X-Forwarded-For lines into one value.
  if (typeof header !== 'string' || header === '') return address;
  const hops = header.split(',');
  let index = 1;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!.trim();
    if (hop === '') continue;
    address = hop;
    if (!trust(hop, index++)) break;
  }
  return address;
}

/** `http` or `https` as Express's `req.protocol` says: the connection's, or a trusted proxy's X-Forwarded-Proto (its first value). */
export function clientProtocol(req: IncomingMessage, trust: TrustProxy): string {
  const own = (req.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trust(req.socket.remoteAddress ?? '', 0)) return own;
  const header = req.headers['x-forwarded-proto'];
  if (typeof header !== 'string' || header === '') return own;
  const comma = header.indexOf(',');
  return (comma === -1 ? header : header.slice(0, comma)).trim();
}
