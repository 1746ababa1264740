// A report generator with three streams (input, output, optional trace) and
// a helper safe_fclose(FILE **) that closes a stream and resets the caller's
// pointer to NULL, plus a global debug stream closed with the
// `if (fp) { fclose(fp); fp = NULL; }` idiom from two places. Negative case:
// the success path closes `out` early through safe_fclose() to check for
// write errors, and the shared cleanup calls safe_fclose() on all three: a
// second call sees NULL and does nothing; the debug stream is likewise nulled
// by whichever close runs first.
#include <cstdio>
#include <cstdlib>

static FILE *g_debug = nullptr;

static int safe_fclose(FILE **pfp) {
  int rc = 0;
  if (pfp && *pfp) {
    rc = std::fclose(*pfp);
    *pfp = nullptr;
  }
  return rc;
}

static void debug_close(void) {
  if (g_debug) {
    std::fclose(g_debug); // OK: g_debug is set to NULL right after, so a second call skips this
    g_debug = nullptr;
  }
}

static void debug_msg(const char *msg) {
  if (g_debug)
    std::fprintf(g_debug, "debug: %s\n", msg); // OK: every close of g_debug nulls it
}

static int make_report(const char *in_path, const char *out_path, const char *trace_path) {
  FILE *in = nullptr, *out = nullptr, *trace = nullptr;
  char line[1024];
  long count = 0;
  int ret = -1;

  in = std::fopen(in_path, "r");
  if (!in)
    goto done;
  out = std::fopen(out_path, "w");
  if (!out)
    goto done;
  if (trace_path) {
    trace = std::fopen(trace_path, "w");
    if (!trace)
      goto done;
  }
  while (std::fgets(line, sizeof line, in)) {
    if (trace)
      std::fprintf(trace, "read: %s", line);
    if (std::fputs(line, out) == EOF)
      goto done;
    count++;
  }
  if (safe_fclose(&out) != 0) {
    debug_msg("closing the report failed");
    goto done;
  }
  if (trace)
    std::fprintf(trace, "%ld lines copied\n", count); // OK: only `out` was closed; trace is open
  ret = 0;
done:
  safe_fclose(&trace);
  safe_fclose(&out); // OK: after the early close `out` is NULL, so this does nothing
  safe_fclose(&in);
  if (ret != 0)
    debug_close();
  return ret;
}

int main(int argc, char **argv) {
  if (argc < 3)
    return 2;
  if (std::getenv("REPORT_DEBUG"))
    g_debug = std::fopen("report.debug", "w");
  int rc = make_report(argv[1], argv[2], argc > 3 ? argv[3] : nullptr);
  debug_msg(rc == 0 ? "done" : "failed"); // OK: a failed report closed and nulled g_debug, so this is skipped
  debug_close(); // OK: g_debug may already be NULL; then nothing is closed
  return rc == 0 ? 0 : 1;
}
