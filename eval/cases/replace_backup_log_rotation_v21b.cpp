// Backup agent: the job log is a FILE* that is rotated every kRotateEvery
// archived files (fclose of the current part, fopen of the next numbered part
// into the same member). The manifest is rewritten by reopening the same
// local FILE* variable on a new temp file. Defects: the ProgressReporter made
// at job start copied the first log's FILE* and keeps printing to it after the
// rotation closed it; finalize() closes without clearing fp_, so the JobLog
// destructor closes the same FILE* again when runBackup() returns.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace backup {

constexpr size_t kRotateEvery = 500;

class JobLog {
public:
  explicit JobLog(std::string base) : base_(std::move(base)) {}
  ~JobLog() {
    if (fp_)
      std::fclose(fp_); // SAME: finalize_dtor
  }
  JobLog(const JobLog &) = delete;
  JobLog &operator=(const JobLog &) = delete;

  bool open() {
    fp_ = std::fopen(partName(part_).c_str(), "w");
    return fp_ != nullptr;
  }
  void line(const std::string &text) { std::fprintf(fp_, "%s\n", text.c_str()); }
  void rotate() {
    std::fclose(fp_);
    fp_ = std::fopen(partName(++part_).c_str(), "w");
    if (!fp_)
      throw std::runtime_error("cannot open log part " + std::to_string(part_));
    std::fprintf(fp_, "continued from part %d\n", part_ - 1); // OK: fp_ was just reopened
  }
  void finalize(size_t files) {
    std::fprintf(fp_, "done: %zu files\n", files);
    std::fclose(fp_);
  }
  FILE *handle() const { return fp_; }

private:
  std::string partName(int n) const { return base_ + "." + std::to_string(n) + ".log"; }
  std::string base_;
  FILE *fp_ = nullptr;
  int part_ = 0;
};

class ProgressReporter {
public:
  explicit ProgressReporter(FILE *out) : out_(out) {}
  void report(size_t done, size_t total) {
    std::fprintf(out_, "progress %zu/%zu\n", done, total); // SAME: stale
  }

private:
  FILE *out_;
};

static bool archiveFile(const std::string &path) { return !path.empty(); }

// Writes the manifest to a temp file, then the final name, reusing one FILE*.
static bool writeManifest(const std::string &dir, const std::vector<std::string> &files) {
  FILE *mf = std::fopen((dir + "/MANIFEST.tmp").c_str(), "w");
  if (!mf)
    return false;
  for (const std::string &f : files)
    std::fprintf(mf, "%s\n", f.c_str());
  std::fclose(mf);
  mf = std::fopen((dir + "/MANIFEST").c_str(), "w");
  if (!mf)
    return false;
  std::fprintf(mf, "count=%zu\n", files.size()); // OK: mf names the newly opened file
  std::fclose(mf); // OK: closes the second file, not the first again
  return true;
}

void runBackup(const std::string &dir, const std::vector<std::string> &files) {
  JobLog log(dir + "/job");
  if (!log.open())
    return;
  ProgressReporter progress(log.handle());
  size_t archived = 0;
  for (size_t i = 0; i < files.size(); ++i) {
    if (archiveFile(files[i]))
      ++archived;
    log.line("archived " + files[i]); // OK: JobLog writes through its current handle
    if ((i + 1) % kRotateEvery == 0)
      log.rotate();
    progress.report(i + 1, files.size()); // BUG: use-after-close #stale
  }
  writeManifest(dir, files);
  log.finalize(archived);
} // BUG: double-close #finalize_dtor

} // namespace backup

int main() {
  std::vector<std::string> files;
  for (int i = 0; i < 1200; ++i)
    files.push_back("/home/data/photos/IMG_" + std::to_string(i) + ".jpg");
  backup::runBackup("/tmp", files);
  return 0;
}
