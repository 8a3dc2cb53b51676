import { http } from 'msw';
import { setupServer } from 'msw/node';
import { okResponse } from './envelope';
import { handlers } from './handlers';

/** The MSW server of the unit tests; tests add their own handlers with server.use(). */
export const server = setupServer(...handlers);

/** Answers GET `path` (an MSW pattern) with the data `answer` gives for the URL asked; the URLs asked, in order. */
export function answerGets(path: string, answer: (url: URL) => unknown): URL[] {
  const asked: URL[] = [];
  server.use(
    http.get(path, ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      return okResponse(answer(url));
    }),
  );
  return asked;
}
