/*
 * A plain C SQLite function with the same formula as zipgeo's distance(), for
 * scripts/bench-sql-functions.py only: it is the yardstick for the cost of calling Swift from
 * SQLite, not part of zipgeo. Same steps as Geodesy's Sphere.centralAngle: the haversine and its
 * complement as sums of squares of half-angle sines and cosines (degrees, reduced exactly),
 * asin of the smaller, R = 6371.0088 km.
 * It does no argument checking beyond NULL, so it is a lower bound for any checked function.
 *
 *   gcc -O2 -fPIC -shared -o libcdistance.so scripts/bench/c_distance.c
 *   SELECT c_distance(lat1, lon1, lat2, lon2);
 */
#include <math.h>
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT1

/* sin and cos of x radians, |x| <= pi/4: the same polynomial kernels as Geodesy's
 * sinCos(quarterTurnRadians:). */
static inline void kernel_sincos(double x, double *s, double *c) {
  double z = x * x;
  double st = -1.66666666666666324348e-01 + z * (8.33333333332248946124e-03 + z * (-1.98412698298579493134e-04 +
              z * (2.75573137070700676789e-06 + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10))));
  double ct = z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03 + z * (2.48015872894767294178e-05 +
              z * (-2.75573143513906633035e-07 + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))));
  double half = 0.5 * z, w = 1 - half;
  *s = x + x * z * st;
  *c = w + (((1 - w) - half) + z * ct);
}

/* sin and cos of x degrees, |x| <= 90 (all this formula needs), exact at 0 and ±90. */
static void sincosd(double x, double *s, double *c) {
  const double scale = M_PI / 180.0;
  if (fabs(x) <= 45) {
    kernel_sincos(x * scale, s, c);
  } else {
    double rs, rc;
    kernel_sincos((x > 0 ? x - 90 : x + 90) * scale, &rs, &rc);
    *s = x > 0 ? rc : -rc;
    *c = x > 0 ? -rs : rs;
  }
}

static double central_angle(double lat1, double lon1, double lat2, double lon2) {
  double dlon = lon2 - lon1;
  if (dlon > 180) dlon -= 360;
  else if (dlon < -180) dlon += 360;
  double sd, cd, ss, cs, sl, cl;
  sincosd((lat2 - lat1) / 2, &sd, &cd);
  sincosd((lat1 + lat2) / 2, &ss, &cs);
  sincosd(dlon / 2, &sl, &cl);
  double sl2 = sl * sl, cl2 = cl * cl;
  double a = sd * sd * cl2 + cs * cs * sl2;
  if (a <= 0.5) return 2 * asin(sqrt(a));
  double b = cd * cd * cl2 + ss * ss * sl2;
  return M_PI - 2 * asin(sqrt(b));
}

static void c_distance(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  for (int i = 0; i < 4; i++) {
    if (sqlite3_value_type(argv[i]) == SQLITE_NULL) { sqlite3_result_null(ctx); return; }
  }
  double km = 6371.0088 * central_angle(sqlite3_value_double(argv[0]), sqlite3_value_double(argv[1]),
                                        sqlite3_value_double(argv[2]), sqlite3_value_double(argv[3]));
  sqlite3_result_double(ctx, km);
}

int sqlite3_cdistance_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  (void)err;
  SQLITE_EXTENSION_INIT2(api);
  return sqlite3_create_function(db, "c_distance", 4, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, 0,
                                 c_distance, 0, 0);
}
