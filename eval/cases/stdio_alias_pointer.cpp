// The stream is closed through one pointer and written through a copy of it.
#include <cstdio>

int runSession(const char *path, int code) {
  FILE *session = fopen(path, "w");
  if (!session)
    return -1;
  FILE *audit = session;
  fprintf(audit, "start\n");
  fclose(session);
  fprintf(audit, "exit %d\n", code); // BUG: use-after-close
  return 0;
}
