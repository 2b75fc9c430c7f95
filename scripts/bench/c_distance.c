/*
 * A plain C SQLite function with the same formula as zipgeo's distance(), for
 * scripts/bench-sql-functions.py only: it is the yardstick for the cost of calling Swift from
 * SQLite, not part of zipgeo. Same steps as Geodesy's Sphere.centralAngle: the haversine and its
 * complement as sums of squared half-angle sines and cosines (degrees, reduced exactly, one
 * polynomial each), asin of the smaller, R = 6371.0088 km.
 * It checks its arguments as zipgeo's does (NULL in, NULL out; numbers only; latitudes in range).
 *
 *   gcc -O2 -fPIC -shared -o libcdistance.so scripts/bench/c_distance.c
 *   SELECT c_distance(lat1, lon1, lat2, lon2);
 */
#include <math.h>
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

/* sin of x radians, |x| <= pi/4: the same polynomial kernel as Geodesy's sin(quarterTurnRadians:). */
static inline double kernel_sin(double x) {
  double z = x * x;
  double t = -1.66666666666666324348e-01 + z * (8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 +
             z * (2.75573137070700676789e-06 + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10))));
  return x + x * z * t;
}

/* sin² and cos² of x degrees, |x| <= 90 (all this formula needs), as sinCosSquared(halfTurnDegrees:). */
static inline void sincos2d(double x, double *s2, double *c2) {
  const double scale = M_PI / 180.0;
  if (fabs(x) <= 45) {
    double s = kernel_sin(x * scale);
    *s2 = s * s;
    *c2 = 1 - *s2;
  } else {
    double s = kernel_sin((x > 0 ? x - 90 : x + 90) * scale);
    *c2 = s * s;
    *s2 = 1 - *c2;
  }
}

static double central_angle(double lat1, double lon1, double lat2, double lon2) {
  double dlon = lon2 - lon1;
  if (dlon > 180) dlon -= 360;
  else if (dlon < -180) dlon += 360;
  double sd, cd, ss, cs, sl, cl;
  sincos2d((lat2 - lat1) / 2, &sd, &cd);
  sincos2d((lat1 + lat2) / 2, &ss, &cs);
  sincos2d(dlon / 2, &sl, &cl);
  double a = sd * cl + cs * sl;
  if (a <= 0.5) return 2 * asin(sqrt(a));
  return M_PI - 2 * asin(sqrt(cd * cl + ss * sl));
}

/* Argument i as a number in *out; 0 for NULL, -1 for anything else that is not a number. */
static inline int number(sqlite3_value *v, double *out) {
  int type = sqlite3_value_type(v);
  if (type == SQLITE_TEXT) type = sqlite3_value_numeric_type(v);
  if (type == SQLITE_FLOAT || type == SQLITE_INTEGER) {
    *out = sqlite3_value_double(v);
    return 1;
  }
  return type == SQLITE_NULL ? 0 : -1;
}

/* The same checks as zipgeo's distance(): NULL in, NULL out; numbers only; latitudes within
 * [-90, 90]; finite longitudes. (Its messages are shorter than zipgeo's.) */
static void c_distance(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  double v[4];
  int null = 0, bad = 0;
  for (int i = 0; i < 4; i++) {
    int kind = number(argv[i], &v[i]);
    null |= kind == 0;
    bad |= kind < 0;
  }
  if (null) { sqlite3_result_null(ctx); return; }
  if (bad) { sqlite3_result_error(ctx, "c_distance(): an argument is not a number", -1); return; }
  if (!(v[0] >= -90 && v[0] <= 90 && v[2] >= -90 && v[2] <= 90) || !isfinite(v[1]) || !isfinite(v[3])) {
    sqlite3_result_error(ctx, "c_distance(): a coordinate is out of range", -1);
    return;
  }
  sqlite3_result_double(ctx, 6371.0088 * central_angle(v[0], v[1], v[2], v[3]));
}

int sqlite3_cdistance_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  (void)err;
  SQLITE_EXTENSION_INIT2(api);
  return sqlite3_create_function(db, "c_distance", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0,
                                 c_distance, 0, 0);
}
