import { HttpResponse } from 'msw';

/** A mocked API answer that succeeded: the envelope of functions/core/responses.py around `data`. */
export const okResponse = (data: unknown, msg = '') => HttpResponse.json({ code: 1, msg, time: 1, data });
