// Actinic moth-trap field logger, written C-style like the trap's firmware
// tools. load_species_list() reads the reference list of noctuid names (or
// stdin), export_night() appends a night's counts to the season CSV with
// goto-cleanup error handling, append_session() writes one trap's counts to a
// log it owns, and recount_list() re-reads a list after an editor rewrote it.
// Mistakes: load_species_list() closes the list on a malformed line and then
// jumps to the label that closes it again; append_session() closes its log on a
// failed row write and `break`s, then writes the trailer to it and closes it
// a second time.
#include <cerrno>
#include <cstdio>
#include <cstring>

struct NoctuidCount {
  char species[48];
  int count;
};

static int write_noctuid_row(FILE *out, const NoctuidCount &c) {
  return std::fprintf(out, "%s,%d\n", c.species, c.count);
}

static int count_list_lines(FILE *in) {
  int lines = 0;
  for (int ch; (ch = std::fgetc(in)) != EOF;)
    if (ch == '\n')
      ++lines;
  return lines;
}

int load_species_list(const char *path, char names[][48], int max) {
  FILE *in = path ? std::fopen(path, "r") : stdin;
  if (!in)
    return -1;
  int n = 0;
  char line[128];
  while (n < max && std::fgets(line, sizeof line, in)) {
    char *comma = std::strchr(line, ',');
    if (!comma) {
      std::fprintf(stderr, "species list %s: malformed line %d\n", path ? path : "-", n + 1);
      if (in != stdin)
        std::fclose(in);
      n = -2;
      goto done;
    }
    *comma = '\0';
    std::snprintf(names[n++], 48, "%s", line);
  }
done:
  if (in != stdin)
    std::fclose(in); // BUG: double-close
  return n;
}

int export_night(const char *season_csv, const NoctuidCount *rows, int n) {
  FILE *out = std::fopen(season_csv, "a");
  if (!out)
    return -1;
  int rc = 0;
  for (int i = 0; i < n; ++i) {
    if (rows[i].count < 0) {
      rc = -2;
      goto cleanup;
    }
    if (write_noctuid_row(out, rows[i]) < 0) {
      rc = -3;
      goto cleanup;
    }
  }
  if (std::fflush(out) != 0)
    rc = -3;
cleanup:
  if (std::fclose(out) != 0 && rc == 0) // OK: every path reaches cleanup exactly once
    rc = -4;
  return rc;
}

int append_session(const char *log_path, const NoctuidCount *rows, int n, const char *trap_id) {
  FILE *log = std::fopen(log_path, "a");
  if (!log)
    return -1;
  int written = 0;
  for (int i = 0; i < n; ++i) {
    if (rows[i].count == 0)
      continue;
    if (write_noctuid_row(log, rows[i]) < 0) {
      std::fprintf(stderr, "trap %s: %s\n", trap_id, std::strerror(errno));
      std::fclose(log);
      break;
    }
    ++written;
  }
  std::fprintf(log, "# trap %s: %d species\n", trap_id, written); // BUG: use-after-close
  std::fclose(log); // BUG: double-close
  return written;
}

int recount_list(const char *path) {
  FILE *f = std::fopen(path, "r");
  if (!f)
    return -1;
  int before = count_list_lines(f);
  f = std::freopen(path, "r", f); // the recorder's editor may have rewritten it
  if (!f)
    return -1;
  int after = count_list_lines(f); // OK: freopen() reopened the stream
  std::fclose(f);
  return after - before;
}

int run_night(const char *season_csv, const char *trap_log, const NoctuidCount *rows, int n) {
  FILE *summary = std::fopen("night-summary.txt", "w");
  if (!summary)
    return -1;
  int rc = export_night(season_csv, rows, n);
  std::fprintf(summary, "export: %d\n", rc); // OK: export_night closed its own stream, not this one
  int w = append_session(trap_log, rows, n, "MV-A1");
  std::fprintf(summary, "session rows: %d\n", w); // OK: a different stream again
  std::fclose(summary);
  return rc;
}
