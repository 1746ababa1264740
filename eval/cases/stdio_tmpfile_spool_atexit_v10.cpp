// A command-line tool spools its output to a tmpfile() and copies it to
// stdout at exit only if every operand succeeded, so a failure never leaves
// partial output. The spool is closed by an atexit() handler that nulls the
// global, and main also calls the handler early to discard the spool on
// error. Negative case: spool_write() checks the global before each write,
// every fclose of the spool is followed by setting it to NULL, and the
// handler's second run (at exit, after the early call) finds NULL and returns.
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

static FILE *g_spool = nullptr;
static int g_ok = 0;

static void spool_finish(void) {
  if (!g_spool)
    return;
  if (g_ok) {
    char buf[4096];
    size_t n;
    std::rewind(g_spool);
    while ((n = std::fread(buf, 1, sizeof buf, g_spool)) > 0)
      std::fwrite(buf, 1, n, stdout);
  }
  std::fclose(g_spool); // OK: the early call from main nulls g_spool, so the atexit run returns above
  g_spool = nullptr;
}

static void spool_write(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (g_spool)
    std::vfprintf(g_spool, fmt, ap); // OK: guarded by the NULL check; every close nulls g_spool
  else
    std::vfprintf(stderr, fmt, ap);
  va_end(ap);
}

static int process(const char *arg) {
  if (std::strlen(arg) == 0)
    return -1;
  spool_write("%s: %zu bytes\n", arg, std::strlen(arg));
  return 0;
}

int main(int argc, char **argv) {
  g_spool = std::tmpfile();
  if (!g_spool) {
    std::perror("tmpfile");
    return 1;
  }
  std::atexit(spool_finish);
  for (int i = 1; i < argc; ++i) {
    if (process(argv[i]) != 0) {
      g_ok = 0;
      spool_finish(); /* discard the spooled output */
      spool_write("error: empty operand %d\n", i); // OK: g_spool is NULL now, so this goes to stderr
      std::exit(1);
    }
  }
  g_ok = 1;
  spool_write("%d operands\n", argc - 1); // OK: the spool was only closed on the error path, which exits
  return 0;
}
