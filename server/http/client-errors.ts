import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorBody } from './errors';

/** What Node's HTTP parser refuses before the app sees the request, as Node itself answers it (see below). */
function refusal(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      reason: 'Request Header Fields Too Large',
      message: `The request’s address and headers are larger than ${maxHeaderSize} bytes`,
    };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return { status: 413, reason: 'Payload Too Large', message: 'The request’s chunk extensions are too large' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, reason: 'Request Timeout', message: 'The request took too long to arrive' };
  return { status: 400, reason: 'Bad Request', message: 'The request is not valid HTTP' };
}

/**
 * Requests Node's HTTP parser refuses (an address and headers over its 16 KB `maxHeaderSize`, a malformed request,
 * one too slow to arrive) get the API's JSON error body and a status naming the problem; without this listener
 * Node answers them itself with an empty body (a long URL: a bare 431). A connection already answering, or gone,
 * is only closed, as Node does.
 */
export function answerUnparsedRequests(server: Server) {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !answering?.headersSent && error.code !== 'ECONNRESET') {
      const { status, reason, message } = refusal(error.code);
      const body = JSON.stringify(errorBody(status, message));
      socket.write(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  });
}
