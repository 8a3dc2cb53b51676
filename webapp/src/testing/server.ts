import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** The MSW server of the unit tests; tests add their own handlers with server.use(). */
export const server = setupServer(...handlers);
