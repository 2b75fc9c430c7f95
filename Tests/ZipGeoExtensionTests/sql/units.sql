-- distance(..., unit) and zipgeo_version().
SELECT 'km is the default unit', distance(0, 0, 1, 1, 'km') = distance(0, 0, 1, 1);
SELECT 'metres are a thousandth of a km', abs(distance(0, 0, 1, 1, 'm') - 1000 * distance(0, 0, 1, 1)) < 1e-6;
SELECT 'a mile is 1609.344 m', abs(distance(0, 0, 1, 1, 'mi') * 1609.344 - distance(0, 0, 1, 1, 'm')) < 1e-6;
SELECT 'a nautical mile is 1852 m', abs(distance(0, 0, 1, 1, 'nmi') * 1852 - distance(0, 0, 1, 1, 'm')) < 1e-6;
SELECT 'a foot is 0.3048 m', abs(distance(0, 0, 1, 1, 'ft') * 0.3048 - distance(0, 0, 1, 1, 'm')) < 1e-6;
SELECT 'units are case-insensitive', distance(0, 0, 1, 1, 'MI') = distance(0, 0, 1, 1, 'mi');
SELECT 'spaces around a unit are ignored', distance(0, 0, 1, 1, ' km ') = distance(0, 0, 1, 1);
SELECT 'a NULL unit gives NULL', distance(0, 0, 1, 1, NULL) IS NULL;
SELECT 'identical points are 0 in every unit', distance(5, 5, 5, 5, 'ft') = 0.0;
SELECT 'zipgeo_version() is the version', zipgeo_version() = '0.2.0';
SELECT 'zipgeo_version() is text', typeof(zipgeo_version()) = 'text';
