// Parachute loft repack journal. Every main/reserve repack a rigger signs off is
// appended to the loft journal (a FILE* kept in a struct), which is rotated when
// it passes a size limit. At the end of a shift the journal is flushed and closed,
// and a summary is piped to the chief rigger through mail(1).
// Two mistakes: close_shift() closes the journal again after flush_or_close()
// already closed it on a write error, and mail_summary() writes the overdue
// footer into the mail pipe after pclose().
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

struct RepackRecord {
  std::string canopy_serial;
  std::string rigger;
  int days_since_last = 0;
  bool reserve = false;
};

struct RepackJournal {
  FILE *fp = nullptr;
  std::string path;
  long bytes = 0;
  long limit = 64 * 1024;
};

static bool journal_open(RepackJournal &j, const std::string &path) {
  j.path = path;
  j.fp = std::fopen(path.c_str(), "a");
  if (!j.fp)
    return false;
  j.bytes = std::ftell(j.fp);
  return true;
}

// Flushes the stream. On a write error the stream is closed and false returned,
// so the caller must not touch it again.
static bool flush_or_close(FILE *fp) {
  if (std::fflush(fp) != 0) {
    std::fclose(fp);
    return false;
  }
  return true;
}

static bool journal_rotate(RepackJournal &j) {
  std::fclose(j.fp);
  j.fp = nullptr;
  std::string old = j.path + ".1";
  std::rename(j.path.c_str(), old.c_str());
  j.fp = std::fopen(j.path.c_str(), "a");
  if (!j.fp)
    return false;
  j.bytes = 0;
  std::fprintf(j.fp, "# rotated, previous entries in %s\n", old.c_str()); // OK: reopened above
  return true;
}

static int journal_append(RepackJournal &j, const RepackRecord &r) {
  if (!j.fp)
    return -1;
  if (j.bytes > j.limit && !journal_rotate(j))
    return -1;
  int n = std::fprintf(j.fp, "%s,%s,%d,%c\n", r.canopy_serial.c_str(), r.rigger.c_str(), r.days_since_last, r.reserve ? 'R' : 'M'); // OK: rotate reopened it or we returned
  if (n > 0)
    j.bytes += n;
  return n;
}

static void close_shift(RepackJournal &j) {
  if (!flush_or_close(j.fp))
    std::fprintf(stderr, "journal %s: flush failed: %s\n", j.path.c_str(), std::strerror(errno));
  std::fclose(j.fp); // BUG: double-close
  j.fp = nullptr;
}

static void close_shift_checked(RepackJournal &j) {
  if (!flush_or_close(j.fp)) {
    j.fp = nullptr;
    return;
  }
  std::fclose(j.fp); // OK: the helper closed only on the path that returned
  j.fp = nullptr;
}

static int mail_summary(const std::vector<RepackRecord> &done, const char *to) {
  std::string cmd = std::string("mail -s 'loft repacks' ") + to;
  FILE *mail = popen(cmd.c_str(), "w");
  if (!mail)
    return -1;
  int overdue = 0;
  for (const auto &r : done) {
    std::fprintf(mail, "%s packed by %s\n", r.canopy_serial.c_str(), r.rigger.c_str());
    if (r.days_since_last > 180)
      ++overdue;
  }
  int rc = pclose(mail);
  std::fprintf(mail, "%d canopies were past the 180-day cycle\n", overdue); // BUG: use-after-close
  return rc;
}

static void shutdown_loft(std::vector<RepackJournal> &journals) {
  for (auto &j : journals) {
    if (j.fp) {
      std::fclose(j.fp);
      j.fp = nullptr;
    }
  }
  for (auto &j : journals) {
    if (j.fp)
      std::fputs("# loft closed\n", j.fp); // OK: pointer nulled after close
  }
}

int run_shift(const std::vector<RepackRecord> &records, bool careful) {
  RepackJournal j;
  if (!journal_open(j, "loft-journal.csv"))
    return 1;
  for (const auto &r : records)
    journal_append(j, r);
  if (careful)
    close_shift_checked(j);
  else
    close_shift(j);
  std::vector<RepackJournal> others(2);
  journal_open(others[0], "reserve-journal.csv");
  shutdown_loft(others);
  return mail_summary(records, "chief-rigger@loft.example");
}
