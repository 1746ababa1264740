// The error path closes the journal but the function carries on writing.
#include <cstdio>

int appendRecord(const char *journal, const char *payload, size_t len) {
  FILE *log = fopen(journal, "ab");
  if (!log)
    return -1;
  if (fwrite(payload, 1, len, log) != len) {
    perror("write");
    fclose(log);
  }
  fputc('\n', log); // BUG: use-after-close
  return fclose(log); // BUG: double-close
}
