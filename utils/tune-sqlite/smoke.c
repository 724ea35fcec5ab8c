/* A few SQL statements through SQLite, for utils/tune-sqlite.sh: the output
 * of a build with -uarch-tune-loops must equal the plain build's. */
#include "sqlite3.h"
#include <stdio.h>

static int print_row(void *unused, int n, char **values, char **names) {
  (void)unused;
  (void)names;
  for (int i = 0; i < n; i++)
    printf("%s%s", i ? "|" : "", values[i] ? values[i] : "NULL");
  printf("\n");
  return 0;
}

int main(void) {
  static const char *statements[] = {
      "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, x REAL, y BLOB);",
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n "
      "WHERE i < 5000) INSERT INTO t SELECT i, printf('row-%05d', i * 7919 "
      "% 5000), i * 0.5, randomblob(i % 17) FROM n;",
      "CREATE INDEX t_name ON t(name);",
      "SELECT count(*), sum(x), min(name), max(name), avg(length(y)) FROM t;",
      "SELECT upper(substr(name, 1, 5)), count(*) FROM t GROUP BY 1 ORDER BY 1;",
      "SELECT id, name FROM t WHERE name LIKE 'row-0004%' ORDER BY id LIMIT 5;",
      "UPDATE t SET x = x * 2 WHERE id % 3 = 0;",
      "DELETE FROM t WHERE id % 7 = 0;",
      "SELECT count(*), total(x), group_concat(id % 10, '') FROM "
      "(SELECT * FROM t ORDER BY name DESC LIMIT 40);",
      "SELECT hex(zeroblob(8)), quote(x'00ff'), replace('abcabc', 'b', 'XY'), "
      "instr('hello world', 'wor'), trim('  pad  ');",
      "PRAGMA integrity_check;",
  };
  sqlite3 *db;
  if (sqlite3_open(":memory:", &db) != SQLITE_OK)
    return 1;
  for (unsigned i = 0; i < sizeof statements / sizeof *statements; i++) {
    char *err = 0;
    if (sqlite3_exec(db, statements[i], print_row, 0, &err) != SQLITE_OK) {
      printf("error: %s\n", err);
      sqlite3_free(err);
      return 1;
    }
  }
  sqlite3_close(db);
  return 0;
}
