// A process-wide log stream closed by one function and written by another
// that runs after it during shutdown.
#include <cstdio>

static FILE *g_log = nullptr;

void logOpen(const char *path) { g_log = fopen(path, "a"); }
void logClose() { fclose(g_log); }
void logWrite(const char *msg) { fputs(msg, g_log); } // SAME: glog

void shutdownServer() {
  logWrite("shutting down\n");
  logClose();
  logWrite("bye\n"); // BUG: use-after-close #glog
}
