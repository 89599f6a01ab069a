// What a failed file-system call means, in words a user reads (no errno codes).
import { OUTSIDE_SHOWN, shorten } from './escape.js';

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'ENOTDIR':
      return 'a folder on the path is a file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder, not a file';
    case 'ELOOP':
      return 'it is a symbolic link (or a loop of them)';
    case 'ENAMETOOLONG':
      return 'the path is too long';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    // Opening a socket.
    case 'ENXIO':
      return 'it is not a regular file';
    default:
      return shorten((error as Error)?.message ?? String(error), OUTSIDE_SHOWN);
  }
}
