// Nightly report job: rows are staged in a tmpfile() and then streamed either
// to sendmail (mailReport) or through gzip into an archive (archiveReport),
// both via popen(). SIGPIPE is ignored, so a dead child shows up as a short
// fwrite() on the pipe.
//
// Bug: archiveReport()'s copy loop pcloses the gzip pipe when a write fails and
// breaks out; after the loop the same, already freed FILE* is flushed
// (use-after-close) and pclosed again (double-close), both undefined
// behaviour.
// Correct lines: stageRows() closes the tmpfile only right before returning null, so
// the rewind() after its loop is on an open stream; mailReport() nulls the
// pipe after its error-path pclose() and guards the final one.
#include <csignal>
#include <cstdio>
#include <string>
#include <vector>

struct Row {
  std::string name;
  long value;
};

static FILE *stageRows(const std::vector<Row> &rows) {
  FILE *tmp = std::tmpfile();
  if (!tmp)
    return nullptr;
  for (const auto &r : rows) {
    if (std::fprintf(tmp, "%s,%ld\n", r.name.c_str(), r.value) < 0) {
      std::fclose(tmp);
      return nullptr;
    }
  }
  std::rewind(tmp); // OK: the loop closes tmp only before returning
  return tmp;
}

int mailReport(const std::vector<Row> &rows, const std::string &to) {
  FILE *tmp = stageRows(rows);
  if (!tmp)
    return -1;
  std::string cmd = "/usr/sbin/sendmail -oi '" + to + "'";
  FILE *mail = ::popen(cmd.c_str(), "w");
  if (!mail) {
    std::fclose(tmp);
    return -1;
  }
  std::fprintf(mail, "To: %s\nSubject: nightly report\n\n", to.c_str());
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, tmp)) > 0) {
    if (std::fwrite(buf, 1, n, mail) != n) {
      std::perror("sendmail pipe");
      ::pclose(mail);
      mail = nullptr;
      break;
    }
  }
  std::fclose(tmp); // OK: closed once on each path
  if (!mail)
    return -1;
  int status = ::pclose(mail); // OK: the error path nulled mail
  return status == 0 ? 0 : -1;
}

int archiveReport(const std::vector<Row> &rows, const std::string &dest) {
  FILE *tmp = stageRows(rows);
  if (!tmp)
    return -1;
  std::string cmd = "gzip -c >> '" + dest + "'";
  FILE *gz = ::popen(cmd.c_str(), "w");
  if (!gz) {
    std::fclose(tmp);
    return -1;
  }
  bool ok = true;
  char buf[4096];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, tmp)) > 0) {
    if (std::fwrite(buf, 1, n, gz) != n) {
      std::perror("gzip pipe");
      ::pclose(gz);
      ok = false;
      break;
    }
  }
  std::fclose(tmp);
  if (std::fflush(gz) != 0) // BUG: use-after-close
    ok = false;
  int status = ::pclose(gz); // BUG: double-close
  return ok && status == 0 ? 0 : -1;
}

int main() {
  std::signal(SIGPIPE, SIG_IGN);
  std::vector<Row> rows = {{"orders", 1832}, {"refunds", 17}, {"signups", 240}};
  int rc = 0;
  if (mailReport(rows, "ops@example.com") != 0)
    rc = 1;
  if (archiveReport(rows, "/var/lib/reports/nightly.csv.gz") != 0)
    rc = 1;
  return rc;
}
