export { describeFileType, openRegularFile, type RegularOpen } from './open-regular-file';
export { readAtMost } from './read-at-most';
export { readWithinDeadline, type DeadlineRead } from './read-deadline';
export {
  describeRefusedRead,
  readRegularFile,
  type RegularFileLimits,
  type RegularFileRead,
  type RegularFileRefusal,
} from './read-regular-file';
