import { MemoryDisk } from '../../test/support/memory-disk';
import { RecordingWriter } from './recording-writer';

const FILE = '/rec/r.jsonl';
/** Lines of 20 bytes each, newline included. */
const line = (i: number) => `{"n":"${String(i).padStart(11, '0')}"}\n`;
const lines = (from: number, count: number) => Array.from({ length: count }, (_, i) => line(from + i));
const numbers = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => Number(JSON.parse(l).n));

describe('RecordingWriter on a disk that fills up', () => {
  it('cuts a short write back to the last complete line, loses the rest whole, and resumes once there is room', async () => {
    const disk = new MemoryDisk();
    disk.capacity = 75; // three lines and a quarter
    const writer = new RecordingWriter(FILE, disk, undefined);
    const full = await writer.writeLines(lines(0, 5));
    expect(full).toMatchObject({ written: 3, lost: 2, error: { code: 'ENOSPC' } });
    // The short write did put 15 bytes of line 3 on the disk; they are gone again.
    expect(disk.writes[0]).toEqual({ file: FILE, asked: 100, written: 75 });
    expect(disk.text(FILE)).toBe(lines(0, 3).join(''));

    expect(await writer.writeLines(lines(5, 1))).toMatchObject({ written: 0, lost: 1 });
    expect(disk.text(FILE)).toBe(lines(0, 3).join(''));

    disk.capacity = 1000;
    expect(await writer.writeLines(lines(6, 2))).toEqual({ written: 2, lost: 0 });
    expect(numbers(disk.text(FILE))).toEqual([0, 1, 2, 6, 7]);
    await writer.close();
  });

  it('loses nothing to writes that fall short without an error: it writes the rest', async () => {
    const disk = new MemoryDisk();
    disk.maxBytesPerWrite = 7;
    const writer = new RecordingWriter(FILE, disk, undefined);
    expect(await writer.writeLines(lines(0, 3))).toEqual({ written: 3, lost: 0 });
    expect(disk.text(FILE)).toBe(lines(0, 3).join(''));
  });

  it('treats a write that makes no progress as failed rather than trying forever', async () => {
    const disk = new MemoryDisk();
    disk.maxBytesPerWrite = 0;
    const writer = new RecordingWriter(FILE, disk, undefined);
    const outcome = await writer.writeLines(lines(0, 2));
    expect(outcome).toMatchObject({ written: 0, lost: 2 });
    expect(outcome.error?.message).toMatch(/no progress/);
  });

  it('writes nothing after a fragment it could not cut until it has cut it', async () => {
    const disk = new MemoryDisk();
    disk.capacity = 50;
    disk.truncateFails = true;
    const writer = new RecordingWriter(FILE, disk, undefined);
    expect(await writer.writeLines(lines(0, 3))).toMatchObject({ written: 2, lost: 1 });
    expect(disk.text(FILE)).toBe(lines(0, 2).join('') + line(2).slice(0, 10));

    disk.capacity = 1000;
    // Room again, but the fragment is still there: this batch is lost whole rather than glued to it.
    expect(await writer.writeLines(lines(3, 1))).toMatchObject({
      written: 0,
      lost: 1,
      error: { code: 'EIO' },
    });
    expect(disk.text(FILE)).toBe(lines(0, 2).join('') + line(2).slice(0, 10));

    disk.truncateFails = false;
    expect(await writer.writeLines(lines(4, 1))).toEqual({ written: 1, lost: 0 });
    expect(numbers(disk.text(FILE))).toEqual([0, 1, 4]);
  });

  it('counts the lines of a batch written before a rotation as written when a later part fails', async () => {
    const disk = new MemoryDisk();
    disk.capacity = 70;
    const writer = new RecordingWriter(FILE, disk, 40);
    const outcome = await writer.writeLines(lines(0, 5));
    expect(outcome).toMatchObject({ written: 3, lost: 2 });
    expect(numbers(disk.text(`${FILE}.1`))).toEqual([0, 1]);
    expect(disk.text(FILE)).toBe(line(2));
  });

  it('cuts from the end of the file as it is, even when someone truncated it meanwhile', async () => {
    const disk = new MemoryDisk();
    const writer = new RecordingWriter(FILE, disk, undefined);
    await writer.writeLines(lines(0, 3));
    disk.files.set(FILE, Buffer.alloc(0)); // copytruncate
    disk.capacity = 30;
    expect(await writer.writeLines(lines(3, 2))).toMatchObject({ written: 1, lost: 1 });
    expect(disk.text(FILE)).toBe(line(3));
  });
});
