// A CSV export module of a command-line tool: struct csv_writer holds the
// FILE* and a row counter, with writer_open / writer_row / writer_close.
// writer_close() closes the stream but leaves w->fp set. export_table()
// closes the writer (checking for write errors) and only then, in verbose
// mode, prints statistics through writer_bytes(), which calls ftell() on the
// stream that was just closed.
#include <cstdio>

struct csv_writer {
  FILE *fp;
  long rows;
  int failed;
};

struct row {
  const char *name;
  double value;
};

static int writer_open(csv_writer *w, const char *path) {
  w->fp = std::fopen(path, "w");
  w->rows = 0;
  w->failed = 0;
  return w->fp ? 0 : -1;
}

static int writer_row(csv_writer *w, const char *name, double value) {
  if (std::fprintf(w->fp, "%s,%.3f\n", name, value) < 0) {
    w->failed = 1;
    return -1;
  }
  w->rows++;
  return 0;
}

static long writer_bytes(const csv_writer *w) {
  return std::ftell(w->fp); // SAME: stats
}

static int writer_close(csv_writer *w) {
  int rc = std::fclose(w->fp);
  return (rc != 0 || w->failed) ? -1 : 0;
}

static int export_table(const char *path, const row *rows, size_t n, bool verbose) {
  csv_writer w;
  if (writer_open(&w, path) != 0)
    return -1;
  std::fputs("name,value\n", w.fp);
  for (size_t i = 0; i < n; ++i) {
    if (writer_row(&w, rows[i].name, rows[i].value) != 0) { // OK: the writer is closed only on the path that returns
      writer_close(&w);
      return -1;
    }
  }
  if (writer_close(&w) != 0) {
    std::fprintf(stderr, "%s: write error\n", path);
    return -1;
  }
  if (verbose)
    std::fprintf(stderr, "%s: %ld rows, %ld bytes\n", path, w.rows, writer_bytes(&w)); // BUG: use-after-close #stats
  return 0;
}

int main(int argc, char **argv) {
  static const row rows[] = {{"alpha", 1.5}, {"beta", 2.25}, {"gamma", -0.5}};
  bool verbose = argc > 2;
  return export_table(argc > 1 ? argv[1] : "out.csv", rows, 3, verbose) == 0 ? 0 : 1;
}
