import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedDb } from '../scripts/lib/embedded-db.ts';
import { migrateDatabase } from '../scripts/lib/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One fully migrated database per vitest worker; tests read theirs with testDatabaseUrl(). */
    databaseUrls: string[];
  }
}

/**
 * A real PostgreSQL for the test run: the embedded one, in a throw-away folder, migrated once and
 * copied (CREATE DATABASE … TEMPLATE, a file copy) for each worker that runs test files at once.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let teardown = async () => {};
  if (!url) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'chorus-test-'));
    const db = await startEmbeddedDb({ dataDir: path.join(dir, 'pg'), persistent: false });
    url = db.url;
    teardown = async () => {
      await db.stop();
      await rm(dir, { recursive: true, force: true });
    };
  }
  await migrateDatabase(url);
  const template = new URL(url).pathname.slice(1);
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  // The template may have no other connection while it is copied: go through the server's
  // maintenance database.
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: maintenance.href });
  await admin.connect();
  const urls = [url];
  try {
    for (let i = 2; i <= workers; i++) {
      const name = `${template}_worker_${i}`;
      await admin.query(`drop database if exists ${name}`);
      urls.push(await copyOf(admin, url, template, name));
    }
  } finally {
    await admin.end();
  }
  project.provide('databaseUrls', urls);
  return teardown;
}

/** A copy of `template` named `name`; `admin` is connected to another database. */
async function copyOf(admin: pg.Client, url: string, template: string, name: string): Promise<string> {
  const copy = new URL(url);
  copy.pathname = `/${name}`;
  await admin.query(`create database ${name} template ${template}`);
  return copy.href;
}
