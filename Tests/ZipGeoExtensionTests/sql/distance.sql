-- distance(): values. Each line selects a label and a boolean; the runner fails on any 0.
SELECT 'a point is exactly 0 km from itself', distance(33.025, -96.7397, 33.025, -96.7397) = 0.0;
SELECT 'the north pole is 0 km from itself at any longitude', distance(90, 0, 90, 123) = 0.0;
SELECT 'a quarter of the equator is R pi / 2', abs(distance(0, 0, 0, 90) - 6371.0088 * pi() / 2) < 1e-9;
SELECT 'antipodes are R pi apart', abs(distance(33.025, -96.75, -33.025, 83.25) - 6371.0088 * pi()) < 1e-9;
SELECT 'pole to pole is R pi', abs(distance(90, 0, -90, 0) - 6371.0088 * pi()) < 1e-9;
SELECT 'distance is symmetric to the last bit', distance(33.025, -96.7397, 40.7484, -73.9967) = distance(40.7484, -73.9967, 33.025, -96.7397);
SELECT 'Plano to Manhattan is 2189.20 km', printf('%.2f', distance(33.025, -96.7397, 40.7484, -73.9967)) = '2189.20';
SELECT 'the 180th meridian is no wall', distance(10, 179.5, 10, -179.5) < 110;
SELECT 'longitudes wrap', abs(distance(10, 179.5, 10, -179.5) - distance(10, 179.5, 10, 180.5)) < 1e-9;
SELECT 'one millimetre along a meridian is one millimetre, to a nanometre',
  (SELECT abs(distance(a, 7, b, 7, 'm') - 0.001) < 1e-9
     AND abs(distance(a, 7, b, 7, 'm') - (b - a) * pi() / 180 * 6371008.8) < 1e-15
   FROM (SELECT 45.0 AS a, 45.0 + 1e-6 / 6371.0088 * 180 / pi() AS b));
SELECT 'integer arguments are numbers', distance(0, 0, 0, 90) = distance(0.0, 0.0, 0.0, 90.0);
SELECT 'numeric text is a number', distance('0', '0', '0', '90') = distance(0, 0, 0, 90);
SELECT 'NULL latitude gives NULL', distance(NULL, 0, 0, 0) IS NULL;
SELECT 'NULL longitude gives NULL', distance(0, 0, 0, NULL) IS NULL;
SELECT 'the result is a real', typeof(distance(0, 0, 1, 1)) = 'real';
SELECT 'distance is registered deterministic and innocuous',
  (SELECT count(*) FROM pragma_function_list WHERE name = 'distance' AND flags & 0x800 AND flags & 0x200000) = 2;
