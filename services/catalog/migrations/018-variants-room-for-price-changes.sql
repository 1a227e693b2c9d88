-- A variant's price is on no index of variants, so a price change can be a HOT update (the new row
-- version on the same page, no index touched), but only where the page has room for it. Filled to
-- the brim (the default), every change went to another page and into all four indexes, the sku's
-- trigram GIN index among them: a markdown over 100,000 variants spent 2 s there (decision 062).
-- Half of each page is left free, so all of a page's variants can change price in one statement.
-- Pages written before this keep no room until their rows move (a first markdown moves them).
ALTER TABLE variants SET (fillfactor = 50);
