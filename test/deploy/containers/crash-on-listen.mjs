// Preloaded (node --import) into a shop image by test:deploy's crash check: the process's first listen()
// throws, as a bug in its start-up would, and the check reads the stack trace the process prints. With
// the bundle's source map its frames must name the TypeScript files and lines, not main.mjs.
import net from 'node:net';

net.Server.prototype.listen = function listen() {
  throw new Error('listen refused on purpose by the deploy test (crash-on-listen.mjs)');
};
