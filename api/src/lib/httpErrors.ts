import createError from '@fastify/error';

// Errors a route throws on purpose; the error handler answers them as `{ error: message }`.
export const BadRequest = createError('CONVEYOR_BAD_REQUEST', '%s', 400);
export const Forbidden = createError('CONVEYOR_FORBIDDEN', '%s', 403);
export const NotFound = createError('CONVEYOR_NOT_FOUND', '%s', 404);
export const Conflict = createError('CONVEYOR_CONFLICT', '%s', 409);
export const TooManyRequests = createError('CONVEYOR_RATE_LIMITED', '%s', 429);
