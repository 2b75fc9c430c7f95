-- Radius queries on a zipgeo database made by `zipgeo import data/zips.csv`.
SELECT 'the database has every zip', (SELECT count(*) FROM zips) = 41487;
SELECT 'leading zeros are kept', (SELECT count(*) FROM zips WHERE zip IN ('00501', '01001')) = 2;
SELECT '14 zips lie within 10 km of 75075',
  (SELECT count(*) FROM zips WHERE distance(lat, lon, 33.025, -96.7397) <= 10) = 14;
SELECT 'the nearest is 75075 itself at 0',
  (SELECT zip FROM zips ORDER BY distance(lat, lon, 33.025, -96.7397), zip LIMIT 1) = '75075';
SELECT 'the alias filter of the README example works',
  (SELECT count(*) FROM (SELECT zip, distance(lat, lon, 33.025, -96.7397) AS km FROM zips WHERE km <= 10)) = 14;
SELECT 'a hand-written box prefilter gives the same 14',
  (SELECT count(*) FROM zips WHERE lat BETWEEN 32.93 AND 33.12 AND lon BETWEEN -96.85 AND -96.63
     AND distance(lat, lon, 33.025, -96.7397) <= 10) = 14;
SELECT 'no distance is NULL or negative', (SELECT count(*) FROM zips WHERE NOT distance(lat, lon, 0, 0) >= 0) = 0;
SELECT 'zipgeo_near finds the 14 zips within 10 km of 75075, nearest first',
  (SELECT count(*) FROM zipgeo_near('75075', 10)) = 14
  AND (SELECT zip FROM zipgeo_near('75075', 10) LIMIT 1) = '75075';
SELECT 'zipgeo_within agrees with a hand-written radius query',
  (SELECT group_concat(zip) FROM zipgeo_within(33.025, -96.7397, 5, 'mi'))
  = (SELECT group_concat(zip) FROM (SELECT zip FROM zips WHERE distance(lat, lon, 33.025, -96.7397, 'mi') <= 5
     ORDER BY distance(lat, lon, 33.025, -96.7397), zip));
SELECT 'zipgeo_nearest finds the 3 nearest across the 180th meridian',
  (SELECT group_concat(zip) FROM zipgeo_nearest(51.9, -179.99, 3))
  = (SELECT group_concat(zip) FROM (SELECT zip FROM zips ORDER BY distance(lat, lon, 51.9, -179.99), zip LIMIT 3));
SELECT 'zipgeo_within on WGS84 agrees with a hand-written geodesic radius query',
  (SELECT group_concat(zip) FROM zipgeo_within(33.025, -96.7397, 25, 'km', 'wgs84'))
  = (SELECT group_concat(zip) FROM (SELECT zip FROM zips WHERE geodesic_distance(33.025, -96.7397, lat, lon) <= 25
     ORDER BY geodesic_distance(33.025, -96.7397, lat, lon), zip));
SELECT 'zipgeo_nearest on WGS84 agrees with a full scan',
  (SELECT group_concat(zip) FROM zipgeo_nearest(64.8, -147.7, 4, 'wgs84'))
  = (SELECT group_concat(zip) FROM (SELECT zip FROM zips ORDER BY geodesic_distance(64.8, -147.7, lat, lon), zip LIMIT 4));
