/**
 * fit/folds.json, written by `npm run fit`: each site's cross-validation fold and the model fitted without
 * that fold's sites. The bench scores a corpus page with the model that never saw the page's site, so the
 * figures it prints for a fitted model are out-of-fold, never in-sample.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CorpusPage } from '../bench/corpora.ts';
import { ROOT } from '../e2e/support/paths.ts';
import type { Model } from '../src/score/model.ts';
import { siteOf } from './sites.ts';

export const FOLDS_FILE = path.join(ROOT, 'fit', 'folds.json');

export interface FoldsFile {
  folds: number;
  /** Site → fold. */
  sites: Record<string, number>;
  /** The model fitted without fold k's sites, at index k. */
  models: Model[];
  /** The page-kind decision (src/choose/page-choice.ts) fitted without fold k's sites, at index k. */
  pageModels?: Model[];
  /** The listing decision (src/choose/listing-page.ts) fitted without fold k's sites, at index k. */
  listingModels?: Model[];
}

export function readFolds(file = FOLDS_FILE): FoldsFile | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FoldsFile) : null;
}

/**
 * The model for `page`: its site's out-of-fold model, or undefined (the shipped model) for a page of a site
 * the fit never saw (the fixtures, another corpus), for which the shipped model is out of sample already.
 */
export function outOfFoldModel(
  folds: FoldsFile,
  page: Pick<CorpusPage, 'id' | 'sourceUrl'>,
): Model | undefined {
  const fold = folds.sites[siteOf(page)];
  return fold === undefined ? undefined : folds.models[fold];
}

/** The page-kind decision for `page`: its site's out-of-fold one, or undefined (the shipped one). */
export function outOfFoldPageModel(
  folds: FoldsFile,
  page: Pick<CorpusPage, 'id' | 'sourceUrl'>,
): Model | undefined {
  const fold = folds.sites[siteOf(page)];
  return fold === undefined ? undefined : folds.pageModels?.[fold];
}

/** The listing decision for `page`: its site's out-of-fold one, or undefined (the shipped one). */
export function outOfFoldListingModel(
  folds: FoldsFile,
  page: Pick<CorpusPage, 'id' | 'sourceUrl'>,
): Model | undefined {
  const fold = folds.sites[siteOf(page)];
  return fold === undefined ? undefined : folds.listingModels?.[fold];
}

/**
 * The models a bench run scores `page` with, as PageRunOptions takes them: out of fold where `folds` knows the
 * page's site, nothing (the shipped models) otherwise or when `folds` is null (--shipped-model).
 */
export function foldModels(
  folds: FoldsFile | null,
  page: Pick<CorpusPage, 'id' | 'sourceUrl'>,
): { model?: Model; pageModel?: Model; listingModel?: Model } {
  const model = folds ? outOfFoldModel(folds, page) : undefined;
  const pageModel = folds ? outOfFoldPageModel(folds, page) : undefined;
  const listingModel = folds ? outOfFoldListingModel(folds, page) : undefined;
  return {
    ...(model === undefined ? {} : { model }),
    ...(pageModel === undefined ? {} : { pageModel }),
    ...(listingModel === undefined ? {} : { listingModel }),
  };
}
