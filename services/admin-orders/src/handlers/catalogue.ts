import type { Request, RequestHandler } from 'express';
import { ConflictError, InvalidError, NotFoundError, parseOrThrow } from '@pickles/service-kit';
import { archiveProduct, createProduct, readCatalogue, readProductChanges, reorderProducts, updateProduct, type CatalogueWrite, type Db, type ProductFields } from '@pickles/db';
import { rupeesToPaise, type AdminCatalogueProductResponse, type AdminCatalogueResponse, type AdminProductChangesResponse } from '@pickles/shared';
import {
  CATALOGUE_MESSAGES,
  catalogueArchiveSchema,
  catalogueOrderSchema,
  catalogueProductInputSchema,
  catalogueProductUpdateSchema,
  slugOf,
  type CatalogueProductInput,
} from '@pickles/shared/catalogue-input';
import { adminOf } from '../auth/require-admin.js';

/** The form's rupees as the catalogue keeps them: integer paise (decision 003). */
function toFields(input: CatalogueProductInput): ProductFields {
  return {
    name: input.name,
    title: input.title,
    description: input.description,
    pricePaise: rupeesToPaise(input.price),
    displayPricePaise: input.displayPrice === null ? null : rupeesToPaise(input.displayPrice),
    discountLabel: input.discountLabel || null,
    packLabel: input.packLabel,
    netGrams: input.netGrams,
    diet: input.diet,
    ingredients: input.ingredients,
    allergens: input.allergens,
    storage: input.storage,
    bestBefore: input.bestBefore,
    countryOfOrigin: input.countryOfOrigin,
    hsn: input.hsn,
    gstRatePercent: input.gstRatePercent,
  };
}

function productId(req: Request): number {
  const raw = req.params.id;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new NotFoundError(CATALOGUE_MESSAGES.unknownProduct);
  return Number(raw);
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
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, products: await readCatalogue(db, { includeArchived: true }) } satisfies AdminCatalogueResponse);
  };
}

/** POST /api/admin/catalogue: a new product, at the end of the storefront, coming soon until the owner sets its batch. */
export function createCatalogueProductHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const input = parseOrThrow(catalogueProductInputSchema, req.body);
    const product = saved(await createProduct(db, toFields(input), slugOf(input.name), adminOf(req).sub), input.name);
    req.log.info({ productId: product.id, name: product.name }, 'catalogue product added');
    res.status(201).json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** PUT /api/admin/catalogue/{id} {...fields, version}: the owner's edit; a save made meanwhile by someone else is a 409. */
export function updateCatalogueProductHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const input = parseOrThrow(catalogueProductUpdateSchema, req.body);
    const product = saved(await updateProduct(db, id, input.version, toFields(input), adminOf(req).sub), input.name);
    req.log.info({ productId: id, version: product.version }, 'catalogue product saved');
    res.json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** POST /api/admin/catalogue/{id}/archive {version}: off the storefront, no longer sold; its orders keep it. */
export function archiveCatalogueProductHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const { version } = parseOrThrow(catalogueArchiveSchema, req.body);
    const product = saved(await archiveProduct(db, id, version, adminOf(req).sub), '');
    req.log.info({ productId: id }, 'catalogue product archived');
    res.json({ success: true, product } satisfies AdminCatalogueProductResponse);
  };
}

/** PUT /api/admin/catalogue/order {productIds, before?}: the storefront's order; every product on it, once; `before` guards against another owner's reorder. */
export function reorderCatalogueHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const { productIds, before } = parseOrThrow(catalogueOrderSchema, req.body);
    const outcome = await reorderProducts(db, productIds, adminOf(req).sub, before);
    if (outcome !== 'saved') throw new ConflictError(outcome === 'changed' ? CATALOGUE_MESSAGES.orderChanged : CATALOGUE_MESSAGES.orderMismatch);
    res.json({ success: true, products: await readCatalogue(db, { includeArchived: true }) } satisfies AdminCatalogueResponse);
  };
}

/** GET /api/admin/catalogue/{id}/changes: who changed the product when, before and after, newest first. */
export function productChangesHandler(db: Db): RequestHandler {
  return async (req, res) => {
    const id = productId(req);
    const changes = await readProductChanges(db, id);
    if (!changes.length) throw new NotFoundError(CATALOGUE_MESSAGES.unknownProduct);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ success: true, changes } satisfies AdminProductChangesResponse);
  };
}
