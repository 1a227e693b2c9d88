// Hostile strings end at the edge of every service, in one place (issue 28, decision 043). Before
// any route runs, every string a request carries must be text (contracts textProblem): each path
// segment, each query name and value (one line each: nothing in a URL is more than one line), each
// name and value of a JSON body (several lines allowed; a field's own schema says whether it takes
// them). A NUL, another control character, an unpaired surrogate, a string longer than any field
// takes or a body nested deeper than any payload is a 400 {message, code} here, so no route, query
// or database ever sees one, and a route added tomorrow is covered without anyone remembering.
// Bodies kept as raw bytes (signed webhooks) are their signature check's to read.
import type { Request, RequestHandler } from 'express';
import { ErrorCodes, textProblem, type TextKind } from '@pl/contracts';
import { AppError } from './errors.js';

/** JSON nested deeper than this is no payload of ours (the deepest, a return's receipt, nests five levels). */
export const MAX_BODY_DEPTH = 32;

/** A name the refusal may repeat; any other is described, never echoed. */
const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

const refusal = (message: string) => new AppError(400, ErrorCodes.validation, message);

/** The refusal of a request that carries a string that is no text, or undefined when it carries none. */
export function hostileInputProblem(req: Pick<Request, 'originalUrl' | 'body'>): AppError | undefined {
  const url = req.originalUrl;
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  return pathProblem(path) ?? (mark === -1 ? undefined : queryProblem(url.slice(mark + 1))) ?? bodyProblem(req.body);
}

/** Mounted before every route of a service (createServiceApp) and before the gateway's own. */
export function refuseHostileInput(): RequestHandler {
  return (req, _res, next) => next(hostileInputProblem(req));
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    // A malformed escape, or the bytes of an unpaired surrogate: no UTF-8 text.
    return undefined;
  }
}

function pathProblem(path: string): AppError | undefined {
  for (const segment of path.split('/')) {
    const text = decoded(segment);
    if (text === undefined) return refusal('Malformed request path');
    const problem = textProblem(text, 'line');
    if (problem) return refusal(`The request path ${problem}`);
  }
  return undefined;
}

function queryProblem(query: string): AppError | undefined {
  for (const pair of query.split('&')) {
    const eq = pair.indexOf('=');
    const [rawName, rawValue] = eq === -1 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
    const name = decoded(rawName.replace(/\+/g, ' '));
    const value = decoded(rawValue.replace(/\+/g, ' '));
    if (name === undefined || value === undefined) return refusal('Malformed query string');
    const problem = nameProblem(name) ?? valueProblem(name, value, 'line');
    if (problem) return problem;
  }
  return undefined;
}

function nameProblem(name: string): AppError | undefined {
  const problem = textProblem(name, 'line');
  return problem ? refusal(`A field name ${problem}`) : undefined;
}

function valueProblem(where: string, value: string, kind: TextKind): AppError | undefined {
  const problem = textProblem(value, kind);
  if (!problem) return undefined;
  const named = where.split('.').every((part) => PLAIN_NAME.test(part));
  return refusal(`${named ? where : 'A field'}: ${problem}`);
}

/** Walks a parsed JSON body without recursion (a hostile depth must not cost the stack). */
function bodyProblem(body: unknown): AppError | undefined {
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return typeof body === 'string' ? valueProblem('body', body, 'lines') : undefined;
  const pending: Array<{ value: object; where: string; depth: number }> = [{ value: body, where: '', depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.depth > MAX_BODY_DEPTH) return refusal('The request body is nested too deeply');
    for (const [name, value] of Object.entries(next.value)) {
      const where = next.where ? `${next.where}.${name}` : name;
      const problem = Array.isArray(next.value) ? undefined : nameProblem(name);
      if (problem) return problem;
      if (typeof value === 'string') {
        const bad = valueProblem(where, value, 'lines');
        if (bad) return bad;
      } else if (value !== null && typeof value === 'object') pending.push({ value, where, depth: next.depth + 1 });
    }
  }
  return undefined;
}
