import { Router } from 'express';
import { badInput } from '../../platform/errors.ts';
import { msg } from '../../platform/i18n.ts';
import type { AppServices } from '../../platform/module.ts';
import { onOwnRow, signedIn } from '../../rest/adapter.ts';
import { queryParam } from '../../rest/paging.ts';
import type { ChatDocument } from './core/ChatDocument.ts';
import type { DocumentVersion } from './core/DocumentVersion.ts';
import { DOCX_TYPE, documentAsDocx } from './core/docx.ts';
import { rewriteWhole } from './core/rewrite.ts';
import * as documents from './core/service.ts';
import { rewriteDeps } from './rewriteDeps.ts';

/** A document as REST answers it (GraphQL `Document` alike). */
const presentDocument = (d: ChatDocument) => ({
  id: d.id,
  chatId: typeof d.chat === 'object' ? d.chat.id : d.chat,
  title: d.title,
  kind: d.kind,
  language: d.language ?? null,
  content: d.content,
  version: d.version,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

const presentVersion = (v: DocumentVersion) => ({
  version: v.version,
  title: v.title,
  content: v.content,
  source: v.source,
  createdAt: v.createdAt,
});

/** Canvas documents (core/service.ts, core/rewrite.ts), on the same services as GraphQL. */
export function documentRoutes(services: AppServices): Router {
  const r = Router();
  r.get(
    '/chats/:id/documents',
    signedIn(services, async ({ em, userId, req }) =>
      (await documents.chatDocuments(em, userId, String(req.params.id))).map(presentDocument),
    ),
  );
  r.post(
    '/chats/:id/documents',
    signedIn(services, async ({ em, userId, req, res }) => {
      const document = await documents.createDocument(em, userId, String(req.params.id), req.body);
      res.status(201).json(presentDocument(document));
    }),
  );
  r.get(
    '/documents/:id',
    signedIn(services, async ({ em, userId, req }) =>
      presentDocument(await documents.requireDocument(em, userId, String(req.params.id))),
    ),
  );
  // 409 when the document changed since `baseVersion`: nothing is overwritten.
  r.put(
    '/documents/:id',
    signedIn(services, async ({ em, userId, req }) =>
      presentDocument(await documents.saveDocument(em, userId, String(req.params.id), req.body)),
    ),
  );
  r.delete('/documents/:id', onOwnRow(services, documents.deleteDocument, { success: true }));
  r.get(
    '/documents/:id/versions',
    signedIn(services, async ({ em, userId, req }) =>
      (
        await documents.documentVersions(em, userId, String(req.params.id), {
          limit: queryParam(req.query.limit),
          before: queryParam(req.query.before),
        })
      ).map(presentVersion),
    ),
  );
  r.post(
    '/documents/:id/versions/:version/restore',
    signedIn(services, async ({ em, userId, req }) =>
      presentDocument(
        await documents.restoreDocumentVersion(em, userId, String(req.params.id), {
          ...req.body,
          version: Number(req.params.version),
        }),
      ),
    ),
  );
  // The proposal, not applied: accepting it is a PUT of the document.
  r.post(
    '/documents/:id/rewrite',
    signedIn(services, async ({ em, userId, req, res }) => {
      const abort = new AbortController();
      res.on('close', () => abort.abort());
      return rewriteWhole(rewriteDeps(services), em, userId, String(req.params.id), req.body, abort.signal);
    }),
  );
  // Downloads the document as Markdown (a code document as its own text), or as Word (?format=docx).
  r.get(
    '/documents/:id/download',
    signedIn(services, async ({ em, userId, req, res }) => {
      const format = req.query.format ?? 'md';
      if (format !== 'md' && format !== 'docx') throw badInput(msg('Download as md or docx'));
      const d = await documents.requireDocument(em, userId, String(req.params.id));
      const name = d.title.replace(/[^\p{L}\p{N} ._-]+/gu, '').trim() || 'document';
      if (format === 'docx') {
        res.setHeader('Content-Type', DOCX_TYPE);
        res.attachment(`${name}.docx`);
        res.send(await documentAsDocx(d));
        return;
      }
      res.setHeader('Content-Type', 'text/markdown; charset=utf-8');
      res.attachment(`${name}.md`);
      res.send(d.content);
    }),
  );
  return r;
}
