import net from 'node:net';

/**
 * Asks the kernel for a free loopback port. The server under test must know its own origin
 * (PUBLIC_URL) before it starts, so it cannot simply listen on port 0.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('Could not determine a free port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}
