// The start-up baseline: the smallest process the shop's processes are made of (node + tsx + an
// HTTP listener answering 200), to compare `npm start` against on the same machine and moment.
import http from 'node:http';

http.createServer((_req, res) => res.end('{"status":"ok"}')).listen(Number(process.env.PORT), '127.0.0.1');
