import type { WorkerMessage } from './worker-messages';

/**
 * In a worker of `serve --workers`: sends `request` to the primary and resolves with the first message
 * `accept` recognises as its answer (undefined: not this one), or rejects after `timeoutMs` with
 * "<what> within <timeoutMs> ms". The listener is added before the request is sent, so an answer cannot
 * arrive unheard.
 */
export function askPrimary<T>(
  request: WorkerMessage,
  accept: (message: unknown) => T | undefined,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown): void => {
      const answer = accept(message);
      if (answer === undefined) return;
      stop();
      resolve(answer);
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`${what} within ${timeoutMs} ms`));
    }, timeoutMs);
    const stop = (): void => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send?.(request);
  });
}
