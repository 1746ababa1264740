// Negative: the C idiom of one cleanup label, reached once on every path.
#include <cstdio>
#include <cstdlib>

int loadTable(const char *path, int **out, int *count) {
  int rc = -1;
  int n = 0;
  int *rows = nullptr;
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  if (fscanf(f, "%d", &n) != 1 || n <= 0)
    goto done;
  rows = static_cast<int *>(malloc(sizeof(int) * n));
  if (!rows)
    goto done;
  for (int i = 0; i < n; ++i)
    if (fscanf(f, "%d", &rows[i]) != 1)
      goto done;
  *out = rows;
  *count = n;
  rows = nullptr;
  rc = 0;
done:
  free(rows);
  fclose(f);
  return rc;
}
