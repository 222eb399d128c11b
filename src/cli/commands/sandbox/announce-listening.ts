import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunningHost } from '../../../hosts/running-host';

/** Where one host listens, as the `listening` line and the ports file give it. */
export interface ListeningAddress {
  host: string;
  port: number;
}

/** What a machine reads to find the sandbox: one JSON line on stdout, and the `--ports-file`. */
export interface ListeningAnnouncement {
  event: 'listening';
  pid: number;
  /** null: not served (`--no-http`, `--no-grpc`). */
  http: ListeningAddress | null;
  grpc: ListeningAddress | null;
}

const toAddress = (host: RunningHost | undefined): ListeningAddress | null =>
  host === undefined ? null : { host: host.host, port: host.port };

export function describeListeningJson(hosts: {
  http: RunningHost | undefined;
  grpc: RunningHost | undefined;
}): ListeningAnnouncement {
  return { event: 'listening', pid: process.pid, http: toAddress(hosts.http), grpc: toAddress(hosts.grpc) };
}

/**
 * Writes the ports file whole or not at all: into a temporary file beside it, then renamed over it (a
 * rename within a directory is atomic), so a reader polling for the file never reads half of it.
 * An error message, or undefined once written.
 */
export async function writePortsFile(
  file: string,
  announcement: ListeningAnnouncement,
): Promise<string | undefined> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    await writeFile(temporary, `${JSON.stringify(announcement)}\n`);
    await rename(temporary, file);
    return undefined;
  } catch (error) {
    await rm(temporary, { force: true });
    return `cannot write the ports file ${file}: ${(error as Error).message}`;
  }
}

/** Removes a ports file (a previous run's at startup, this run's at the stop); an error message, or undefined. */
export async function removePortsFile(file: string): Promise<string | undefined> {
  try {
    await rm(file, { force: true });
    return undefined;
  } catch (error) {
    return `cannot remove the ports file ${file}: ${(error as Error).message}`;
  }
}
