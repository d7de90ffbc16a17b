import assert from 'node:assert/strict';
import { ApiError, NetworkError, PagingError, RequestAbortedError, TimeoutError } from '../../src/api/errors';
import { describeFailure, type FailureAction } from '../../src/prompts/failureMessages';

const entry = (status: number) => [{ status: String(status), title: 'x', code: `0${status}`, property: undefined }];

describe('failure messages', () => {
  const cases: Array<[string, unknown, RegExp, FailureAction[], boolean]> = [
    [
      '401: the key was refused',
      new ApiError(401, entry(401), '/p', undefined),
      /refused your API key \(401/,
      ['Set API Key'],
      false,
    ],
    [
      '403: no access rights',
      new ApiError(403, entry(403), '/p', undefined),
      /no access to this content \(403/,
      ['Set API Key', 'Show Log'],
      false,
    ],
    [
      '404: wrong service address',
      new ApiError(404, entry(404), '/p', undefined),
      /affiliateLinks\.baseUrl/,
      ['Open Settings', 'Show Log'],
      false,
    ],
    [
      '503: try later, cached data still usable',
      new ApiError(503, entry(503), '/p', undefined),
      /Try again later/,
      ['Retry', 'Show Log'],
      true,
    ],
    [
      'a network failure: offline',
      new NetworkError('Could not reach the service.', '/p', 'ECONNREFUSED'),
      /Could not reach/,
      ['Retry', 'Show Log'],
      true,
    ],
    [
      'a timeout: offline',
      new TimeoutError('No answer within 30 s.', '/p', 'headers'),
      /No answer/,
      ['Retry', 'Show Log'],
      true,
    ],
    ['a cancellation: nothing to show', new RequestAbortedError('cancelled', '/p'), /was cancelled/, [], false],
    [
      'a paging failure',
      new PagingError('The list did not advance.', '/p'),
      /did not advance/,
      ['Retry', 'Show Log'],
      false,
    ],
    ['any other error', new Error('disk full'), /Loading merchants failed: disk full/, ['Retry', 'Show Log'], false],
    ['a thrown string', 'boom', /failed: boom/, ['Retry', 'Show Log'], false],
  ];
  for (const [name, error, message, actions, offline] of cases) {
    it(name, () => {
      const failure = describeFailure(error, 'Loading merchants');
      assert.match(failure.message, message);
      assert.deepEqual(failure.actions, actions);
      assert.equal(failure.offline, offline);
    });
  }
});
