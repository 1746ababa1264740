// Negative: the global log is nulled on close and every writer checks it.
#include <cstdio>

static FILE *g_log = nullptr;

void logClose() {
  if (g_log) {
    fclose(g_log);
    g_log = nullptr;
  }
}
void logWrite(const char *msg) {
  if (g_log)
    fputs(msg, g_log);
}

void shutdownServer() {
  logWrite("shutting down\n");
  logClose();
  logWrite("bye\n");
  logClose();
}
