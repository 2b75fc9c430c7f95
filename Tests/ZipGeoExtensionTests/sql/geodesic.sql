-- geodesic_distance(): WGS84 geodesics, against GeographicLib's values (scripts/make-geodesic-fixture.py's source).
SELECT 'a point is exactly 0 km from itself', geodesic_distance(33.025, -96.7397, 33.025, -96.7397) = 0.0;
SELECT 'Plano to Manhattan matches GeographicLib to a micrometre',
  abs(geodesic_distance(33.025, -96.7397, 40.7484, -73.9967) - 2192.843030364853) < 1e-9;
SELECT 'nearly antipodal points, where Vincenty fails, match GeographicLib',
  abs(geodesic_distance(0, 0, 0.5, 179.7) - 19944.127420750458) < 1e-9
  AND abs(geodesic_distance(0, 0, 0, 179.5) - 19980.86190889096) < 1e-9;
SELECT 'antipodes on the equator are half a meridian apart, over a pole',
  abs(geodesic_distance(0, 0, 0, 180) - 20003.931458625448) < 1e-9;
SELECT 'pole to pole is half a meridian', abs(geodesic_distance(90, 0, -90, 0) - 20003.931458625448) < 1e-9;
SELECT 'the equator to a pole is the quarter meridian', abs(geodesic_distance(0, 0, 90, 0) - 10001.965729312724) < 1e-9;
SELECT 'the 180th meridian is no wall', abs(geodesic_distance(10, 179.5, 10, -179.5) - 109.63932210546243) < 1e-9;
SELECT 'Cape Town to London', abs(geodesic_distance(-33.9, 18.4, 51.5, -0.13) - 9632.525081054564) < 1e-9;
SELECT 'it differs from the sphere by under 0.5%',
  abs(geodesic_distance(33.025, -96.7397, 40.7484, -73.9967) / distance(33.025, -96.7397, 40.7484, -73.9967) - 1) < 0.005;
SELECT 'it is symmetric', abs(geodesic_distance(-33.9, 18.4, 51.5, -0.13) - geodesic_distance(51.5, -0.13, -33.9, 18.4)) < 1e-12;
SELECT 'units convert', abs(geodesic_distance(0, 0, 90, 0, 'm') - 10001965.729312724) < 1e-6
  AND abs(geodesic_distance(0, 0, 90, 0, 'MI') * 1.609344 - 10001.965729312724) < 1e-9;
SELECT 'NULL in gives NULL', geodesic_distance(NULL, 0, 0, 0) IS NULL AND geodesic_distance(0, 0, 0, 0, NULL) IS NULL;
SELECT 'the result is a real', typeof(geodesic_distance(0, 0, 1, 1)) = 'real';
SELECT 'geodesic_distance is registered deterministic and innocuous',
  (SELECT count(*) FROM pragma_function_list WHERE name = 'geodesic_distance' AND flags & 0x800 AND flags & 0x200000) = 2;
