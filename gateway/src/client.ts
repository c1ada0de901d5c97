import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** Express's compiled "trust proxy" test (proxy-addr): is the hop at `index` (0 = the connection's peer) a proxy we believe? */
export type TrustProxy = (address: string, index: number) => boolean;

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
