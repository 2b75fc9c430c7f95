-- The table functions as SQL tables, on a zipgeo database made by `zipgeo import data/zips.csv`.
SELECT 'the argument columns read back the arguments of the call, NULL for those left out',
  (SELECT center_zip || ' ' || radius || ' ' || quote(unit) || ' ' || quote(model) FROM zipgeo_near('75075', 10) LIMIT 1)
  = '75075 10 NULL NULL'
  AND (SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 5, 'mi', 'wgs84')
       WHERE center_lat = 33.025 AND center_lon = -96.7397 AND radius = 5 AND unit = 'mi' AND model = 'wgs84')
  = (SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 5, 'mi', 'wgs84'));
SELECT 'twenty more WHERE terms keep all 14 zips within 10 km of 75075',
  (SELECT count(*) FROM zipgeo_near('75075', 10) WHERE 1 AND distance > -1 AND distance > -2 AND distance > -3 AND distance > -4 AND distance > -5 AND distance > -6 AND distance > -7 AND distance > -8 AND distance > -9 AND distance > -10 AND distance > -11 AND distance > -12 AND distance > -13 AND distance > -14 AND distance > -15 AND distance > -16 AND distance > -17 AND distance > -18 AND distance > -19 AND distance > -20) = 14
  AND (SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 5, 'mi') WHERE 1 AND distance > -1 AND distance > -2 AND distance > -3 AND distance > -4 AND distance > -5 AND distance > -6 AND distance > -7 AND distance > -8 AND distance > -9 AND distance > -10 AND distance > -11 AND distance > -12 AND distance > -13 AND distance > -14 AND distance > -15 AND distance > -16 AND distance > -17 AND distance > -18 AND distance > -19 AND distance > -20)
  = (SELECT count(*) FROM zipgeo_within(33.025, -96.7397, 5, 'mi'))
  AND (SELECT count(*) FROM zipgeo_nearest(33.025, -96.7397, 3) WHERE 1 AND distance > -1 AND distance > -2 AND distance > -3 AND distance > -4 AND distance > -5 AND distance > -6 AND distance > -7 AND distance > -8 AND distance > -9 AND distance > -10 AND distance > -11 AND distance > -12 AND distance > -13 AND distance > -14 AND distance > -15 AND distance > -16 AND distance > -17 AND distance > -18 AND distance > -19 AND distance > -20) = 3;
SELECT 'a WHERE constraint that repeats an argument keeps the rows, one that contradicts it drops them',
  (SELECT count(*) FROM zipgeo_near('75075', 10) WHERE radius = 10) = 14
  AND (SELECT count(*) FROM zipgeo_near('75075', 10) WHERE center_zip = '75075' AND radius = 10.0) = 14
  AND (SELECT count(*) FROM zipgeo_near('75075', 10) WHERE radius = 5) = 0;
SELECT 'arguments may be given as WHERE constraints, in any subset',
  (SELECT count(*) FROM zipgeo_near WHERE center_zip = '75075' AND radius = 10) = 14
  AND (SELECT group_concat(zip) FROM zipgeo_within
       WHERE model = 'wgs84' AND radius = 25 AND center_lon = -96.7397 AND center_lat = 33.025)
  = (SELECT group_concat(zip) FROM zipgeo_within(33.025, -96.7397, 25, 'km', 'wgs84'));
SELECT 'an argument given with IS is given as with =, and IS NULL leaves it out, its default in force',
  (SELECT count(*) FROM zipgeo_near('75075') WHERE radius IS 10) = 14
  AND (SELECT count(*) FROM zipgeo_near WHERE center_zip IS '75075' AND radius IS 10 AND unit IS 'km') = 14
  AND (SELECT count(*) FROM zipgeo_near('75075', 10) WHERE unit IS NULL AND model IS NULL) = 14
  AND (SELECT count(*) FROM (SELECT NULL AS u) t, zipgeo_near WHERE center_zip = '75075' AND radius = 10 AND unit IS t.u) = 14
  AND (SELECT group_concat(zip) FROM zipgeo_within(33.025, -96.7397) WHERE radius IS 5 AND unit IS 'mi' AND model IS 'wgs84')
  = (SELECT group_concat(zip) FROM zipgeo_within(33.025, -96.7397, 5, 'mi', 'wgs84'))
  AND (SELECT count(*) FROM zipgeo_nearest(33.025, -96.7397) WHERE k IS 3) = 3
  AND (SELECT count(*) FROM zipgeo_search WHERE name IS 'plano' AND only_country IS 'US')
  = (SELECT count(*) FROM zipgeo_search('plano', 'US'))
  AND (SELECT count(*) FROM zipgeo_near('75075') WHERE radius IS 10 AND radius = 5) = 0;
SELECT 'the rows of an IN list of centres are told apart by center_zip',
  (SELECT group_concat(center_zip || ':' || n) FROM (SELECT center_zip, count(*) AS n FROM zipgeo_near
     WHERE center_zip IN ('75075', '10001') AND radius = 10 GROUP BY center_zip ORDER BY center_zip))
  = '10001:' || (SELECT count(*) FROM zipgeo_near('10001', 10)) || ',75075:14';
SELECT 'a call may take its centre from another call of the same function',
  (SELECT count(*) FROM zipgeo_near('75075', 10) a JOIN zipgeo_near(a.zip, 3) b)
  = (SELECT sum((SELECT count(*) FROM zips z, zips c
       WHERE c.zip = a.zip AND distance(c.lat, c.lon, z.lat, z.lon) <= 3)) FROM zipgeo_near('75075', 10) a)
  AND (SELECT count(*) FROM zipgeo_near('75075', 10) a JOIN zipgeo_near(a.zip, 3) b WHERE b.center_zip IS NOT a.zip) = 0;
SELECT 'an IN list of codes with leading zeros keeps them: text, centred on each code as written',
  (SELECT group_concat(center_zip || ':' || typeof(center_zip) || ':' || n) FROM (SELECT center_zip, count(*) AS n
     FROM zipgeo_near WHERE center_zip IN ('01001', '02108', '75075') AND radius = 2
     GROUP BY center_zip ORDER BY center_zip))
  = '01001:text:' || (SELECT count(*) FROM zipgeo_near('01001', 2))
    || ',02108:text:' || (SELECT count(*) FROM zipgeo_near('02108', 2)) || ',75075:text:'
    || (SELECT count(*) FROM zipgeo_near('75075', 2))
  AND (SELECT count(*) FROM zipgeo_near WHERE center_zip IN ('01001') AND radius = 2 AND zip = '01001') = 1;
SELECT 'an IN list of units and models stays text',
  (SELECT group_concat(DISTINCT unit || typeof(unit)) FROM zipgeo_near
     WHERE center_zip = '75075' AND radius = 3 AND unit IN ('km', 'mi')) = 'kmtext,mitext';
