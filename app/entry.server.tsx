import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Renders a page at build time (every page is prerendered; the server never renders React).
 * Waits for the whole page, lazily loaded parts included, and writes it in document order, so the
 * HTML is complete without JavaScript: the forms that load their code on first use
 * (app/forms/shared/form-island.tsx) are in it in full, with no inline script to put them in place.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
      // A large lazily loaded part (a whole form) would otherwise be written apart from its place
      // and moved there by an inline script: without JavaScript it would stay hidden.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html');
        pipe(body);
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
  });
}
