// Negative: the stream is closed only right before leaving the loop.
#include <cstdio>
#include <cstring>

int findSection(const char *path, const char *name) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  char line[128];
  int lineNo = 0;
  while (fgets(line, sizeof line, f)) {
    ++lineNo;
    if (strstr(line, name)) {
      fclose(f);
      break;
    }
    if (feof(f)) {
      fclose(f);
      return -1;
    }
  }
  return lineNo;
}
