import { Api, GrammyError, HttpError } from 'grammy';
import { PermanentJobError, RetryLaterError } from '../jobs/runner.ts';

// The Bot API client (grammy's, pointed at TELEGRAM_API_URL so tests talk to a local stand-in)
// and what its failures mean to the job runner: a 429 waits as long as Telegram says, Telegram
// down or unreachable is tried again with the backoff, any other refusal is final for that
// call. Messages never carry the token (grammy's errors do not).

export type BotApi = Api;

/** grammy types its calls' signal with an older AbortSignal's shape; the runtime's is one. */
export type BotSignal = Parameters<Api['getMe']>[0];
export const botSignal = (signal: AbortSignal | undefined) => signal as BotSignal;

export function botApi(token: string, apiUrl: string): BotApi {
  return new Api(token, { apiRoot: apiUrl.replace(/\/+$/, ''), timeoutSeconds: 30 });
}

/** The address of a file `getFile` named (the Bot API's file download). */
export const fileUrl = (token: string, apiUrl: string, filePath: string) =>
  `${apiUrl.replace(/\/+$/, '')}/file/bot${token}/${filePath}`;

/** A Bot API failure as the runner takes it. */
export function classify(error: unknown): Error {
  if (error instanceof GrammyError) {
    const reason = `Telegram: ${error.error_code} ${error.description}`;
    if (error.error_code === 429) {
      const seconds = error.parameters.retry_after ?? 5;
      return new RetryLaterError(reason, seconds * 1000);
    }
    if (error.error_code >= 500) return new Error(reason);
    return new PermanentJobError(reason);
  }
  if (error instanceof HttpError) return new Error(`Telegram: ${error.message}`);
  return error instanceof Error ? error : new Error(String(error));
}
