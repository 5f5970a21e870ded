import { isApiError } from '../../../lib/api-client';

/**
 * The failure toast's text: the spec's title, followed by the server's reason when the server
 * refused the action on purpose (403: acting on yourself or on someone with more rights; 409: the
 * member is not banned). Other failures show the title alone.
 */
export function actionFailureMessage(title: string, error: unknown): string {
  if (isApiError(error) && (error.status === 403 || error.status === 409) && error.message) {
    return `${title}: ${error.message}`;
  }
  return title;
}
