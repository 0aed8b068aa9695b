import { describe, expect, it } from 'vitest';
import { parseStartScript } from './start-command.js';

describe('parseStartScript', () => {
  it('reads the environment, the flags and the script of npm start', () => {
    expect(
      parseStartScript(
        'MALLOC_MMAP_THRESHOLD_=131072 node --optimize-for-size apps/api/dist/server.js',
      ),
    ).toEqual({
      env: { MALLOC_MMAP_THRESHOLD_: '131072' },
      nodeFlags: ['--optimize-for-size'],
      script: 'apps/api/dist/server.js',
    });
    expect(parseStartScript('node server.js')).toEqual({
      env: {},
      nodeFlags: [],
      script: 'server.js',
    });
  });

  it('refuses a start script it cannot run the same way', () => {
    expect(() => parseStartScript('tsx server.ts')).toThrow(/does not run node/);
    expect(() => parseStartScript('node server.js && echo done')).toThrow(/is not/);
  });
});
