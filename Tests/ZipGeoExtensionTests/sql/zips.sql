-- Radius queries on a zipgeo database made by `zipgeo import data/zips.csv`.
SELECT 'the database has every zip', (SELECT count(*) FROM zips) = 41487;
SELECT 'leading zeros are kept', (SELECT count(*) FROM zips WHERE zip IN ('00501', '01001')) = 2;
SELECT '14 zips lie within 10 km of 75075',
  (SELECT count(*) FROM zips WHERE distance(lat, lon, 33.025, -96.7397) <= 10) = 14;
SELECT 'the nearest is 75075 itself at 0',
  (SELECT zip FROM zips ORDER BY distance(lat, lon, 33.025, -96.7397), zip LIMIT 1) = '75075';
SELECT 'the alias filter of the README example works',
  (SELECT count(*) FROM (SELECT zip, distance(lat, lon, 33.025, -96.7397) AS km FROM zips WHERE km <= 10)) = 14;
SELECT 'the box prefilter on the index gives the same 14',
  (SELECT count(*) FROM zips WHERE lat BETWEEN 32.93 AND 33.12 AND lon BETWEEN -96.85 AND -96.63
     AND distance(lat, lon, 33.025, -96.7397) <= 10) = 14;
SELECT 'no distance is NULL or negative', (SELECT count(*) FROM zips WHERE NOT distance(lat, lon, 0, 0) >= 0) = 0;
