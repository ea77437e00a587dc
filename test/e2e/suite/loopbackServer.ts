/** An HTTP server on 127.0.0.1 for the in-editor tests of what is read over HTTP (Open from URL, Check Listed URLs
 * Live): it logs each path asked, answers with `answer`, and closes every connection when the suite ends. */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The paths asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

export async function startLoopbackServer(answer: (path: string, response: http.ServerResponse) => void): Promise<LoopbackServer> {
  const asked: string[] = [];
  const server = http.createServer((request, response) => {
    asked.push(request.url ?? '');
    answer(request.url ?? '', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
