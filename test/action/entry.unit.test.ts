// The Action's entry point alone: its last guard, with run() mocked to throw.
import { jest } from '@jest/globals';

const failed: string[] = [];
jest.unstable_mockModule('@actions/core', () => ({ setFailed: (message: string) => failed.push(message) }));
jest.unstable_mockModule('../../src/action/main.js', () => ({
  run: async () => {
    throw new Error('out of reach\n::warning::forged %0A line\u001b[2J');
  },
}));

describe('the Action entry point', () => {
  it('fails the step on an error that escapes run(), with the message on one line and no control character', async () => {
    await import('../../src/action/index.js');
    expect(failed).toEqual(['citegate: internal error: out of reach\\n::warning::forged %0A line\\u{001B}[2J']);
  });
});
