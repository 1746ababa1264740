// A CSV export that writes its trailer after closing the file.
#include <cstdio>

int exportRows(const char *path, const int *rows, int n) {
  FILE *out = fopen(path, "w");
  if (!out)
    return -1;
  fputs("id,value\n", out);
  for (int i = 0; i < n; ++i)
    fprintf(out, "%d,%d\n", i, rows[i]);
  fclose(out);
  fprintf(out, "# %d rows\n", n); // BUG: use-after-close
  return 0;
}
