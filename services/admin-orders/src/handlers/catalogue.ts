import type { Request, RequestHandler } from 'express';
import { ConflictError, InvalidError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import type { CatalogueWrite, Db } from '@pickles/db';
import type { AdminCatalogueProductResponse, AdminCatalogueResponse, AdminProductChangesResponse } from '@pickles/shared';
import {
  CATALOGUE_MESSAGES,
  catalogueArchiveSchema,
  catalogueOrderSchema,
  catalogueProductInputSchema,
  catalogueProductUpdateSchema,
} from '@pickles/shared/catalogue-input';
import { addCatalogueProduct, adminCatalogue, archiveCatalogueProduct, productChanges, reorderCatalogue, saveCatalogueProduct } from '../domain/catalogue.js';
import { adminOf } from '../auth/require-admin.js';
import { sendUncached, serialId } from './parse.js';

function productId(req: Request): number {
  const id = serialId(req.params.id);
  if (id === undefined) throw new NotFoundError(CATALOGUE_MESSAGES.unknownProduct);
  return id;
}

/** The answer to a save: the product, or why nothing was saved. */
function saved(result: CatalogueWrite, name: string) {
  if (result.ok) return result.product;
  if (result.reason === 'not-found') throw new NotFoundError(CATALOGUE_MESSAGES.unknownProduct);
  if (result.reason === 'duplicate-name') throw new InvalidError(CATALOGUE_MESSAGES.duplicateName(name), { name: CATALOGUE_MESSAGES.duplicateName(name) });
  throw new ConflictError(CATALOGUE_MESSAGES.conflict);
}

/** GET /api/admin/catalogue: every product, archived ones too, in the storefront's order (decision 024). */
export function listCatalogueHandler(db: Db): RequestHandler {
  return async (_req, res) => {
    sendUncached(res, { success: true, products: await adminCatalogue(db) } satisfies AdminCatalogueResponse);
  };
}

/** POST /api/admin/catalogue: a new product, at the end of the storefront, coming soon until the owner sets its batch. */
export function createCatalogueProductHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const input = parseOrThrow(catalogueProductInputSchema, req.body);
    const product = saved(await addCatalogueProduct(db, input, adminOf(req).sub), input.name);
    req.log.info({ productId: product.id, name: product.name }, 'catalogue product added');
    res.status(201).json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** PUT /api/admin/catalogue/{id} {...fields, version}: the owner's edit; a save made meanwhile by someone else is a 409. */
export function updateCatalogueProductHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const input = parseOrThrow(catalogueProductUpdateSchema, req.body);
    const product = saved(await saveCatalogueProduct(db, id, input.version, input, adminOf(req).sub), input.name);
    req.log.info({ productId: id, version: product.version }, 'catalogue product saved');
    res.json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** POST /api/admin/catalogue/{id}/archive {version}: off the storefront, no longer sold; its orders keep it. */
export function archiveCatalogueProductHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const { version } = parseOrThrow(catalogueArchiveSchema, req.body);
    const product = saved(await archiveCatalogueProduct(db, id, version, adminOf(req).sub), '');
    req.log.info({ productId: id }, 'catalogue product archived');
    res.json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** PUT /api/admin/catalogue/order {productIds, before?}: the storefront's order; every product on it, once; `before` guards against another owner's reorder. */
export function reorderCatalogueHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { productIds, before } = parseOrThrow(catalogueOrderSchema, req.body);
    const outcome = await reorderCatalogue(db, productIds, adminOf(req).sub, before);
    if (outcome.kind !== 'saved') throw new ConflictError(outcome.kind === 'changed' ? CATALOGUE_MESSAGES.orderChanged : CATALOGUE_MESSAGES.orderMismatch);
    res.json({ success: true, products: outcome.products } satisfies AdminCatalogueResponse);
  };
}

/** GET /api/admin/catalogue/{id}/changes: who changed the product when, before and after, newest first. */
export function productChangesHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const changes = await productChanges(db, id);
    if (!changes.length) throw new NotFoundError(CATALOGUE_MESSAGES.unknownProduct);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, changes } satisfies AdminProductChangesResponse);
  };
}
