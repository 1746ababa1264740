// External-sort spill files. spillRun() writes one sorted run to disk through
// a unique_ptr<FILE> with a closing deleter; SpillWriter appends merged
// records to an output file; RunReader streams a run back in.
// SpillWriter::append() throws std::logic_error once the writer is finished
// or aborted. Both classes close their FILE* in the destructor.
#include <cstddef>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

struct FileCloser {
  void operator()(FILE *fp) const {
    if (fp)
      std::fclose(fp); // SAME: spill
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

// Writes a sorted run to `path` via a temporary file and an atomic rename.
bool spillRun(const std::vector<std::string> &run, const std::string &path) {
  const std::string tmp = path + ".tmp";
  FilePtr out(std::fopen(tmp.c_str(), "wb"));
  if (!out)
    return false;
  for (const std::string &rec : run)
    std::fprintf(out.get(), "%s\n", rec.c_str()); // OK: out is open until the explicit fclose below
  // Close before rename so a crash never exposes a half-written run.
  const bool flushed = std::fclose(out.get()) == 0;
  return flushed && std::rename(tmp.c_str(), path.c_str()) == 0;
} // BUG: double-close #spill

// Same job, written correctly: release() hands the FILE* over before fclose.
bool spillRunChecked(const std::vector<std::string> &run, const std::string &path) {
  const std::string tmp = path + ".tmp";
  FilePtr out(std::fopen(tmp.c_str(), "wb"));
  if (!out)
    return false;
  for (const std::string &rec : run)
    std::fprintf(out.get(), "%s\n", rec.c_str());
  FILE *raw = out.release();
  if (std::fclose(raw) != 0) // OK: the unique_ptr no longer owns raw
    return false;
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

class SpillWriter {
public:
  explicit SpillWriter(std::string path)
      : path_(std::move(path)), fp_(std::fopen(path_.c_str(), "wb")) {}
  ~SpillWriter() {
    if (fp_)
      std::fclose(fp_); // OK: finish() and abort() reset fp_ to nullptr
  }

  void append(const std::string &rec) {
    if (!fp_)
      throw std::logic_error("spill writer for " + path_ + " is closed");
    std::fprintf(fp_, "%s\n", rec.c_str());
    ++count_;
  }

  bool finish() {
    const bool good = fp_ && std::fclose(fp_) == 0;
    fp_ = nullptr;
    return good;
  }

  void abort() {
    if (fp_)
      std::fclose(fp_);
    fp_ = nullptr;
    std::remove(path_.c_str());
  }

  std::size_t count() const { return count_; }

private:
  std::string path_;
  FILE *fp_;
  std::size_t count_ = 0;
};

class RunReader {
public:
  explicit RunReader(const std::string &path) : fp_(std::fopen(path.c_str(), "rb")) {}
  ~RunReader() {
    if (fp_)
      std::fclose(fp_); // SAME: readerdtor
  }
  bool next(std::string &rec) {
    char buf[4096];
    if (!fp_ || !std::fgets(buf, sizeof buf, fp_))
      return false;
    rec.assign(buf);
    if (!rec.empty() && rec.back() == '\n')
      rec.pop_back();
    return true;
  }
  void close() {
    if (fp_)
      std::fclose(fp_);
  }

private:
  FILE *fp_;
};

// Merges already sorted runs into output files of at most `perFile` records.
std::size_t mergeRuns(const std::vector<std::string> &runs, const std::string &outPath,
                      std::size_t perFile) {
  SpillWriter writer(outPath);
  std::size_t written = 0;
  for (const std::string &runPath : runs) {
    RunReader reader(runPath);
    std::string rec;
    while (reader.next(rec)) {
      writer.append(rec); // BUG: use-after-close
      if (++written % perFile == 0)
        writer.finish(); // output file full: seal it
    }
  }
  return written;
}

// Copies a run and deletes the source afterwards.
bool compactRun(const std::string &src, const std::string &dst) {
  SpillWriter writer(dst);
  RunReader reader(src);
  std::string rec;
  while (reader.next(rec))
    writer.append(rec); // OK: writer is finished only after the loop
  if (!writer.finish()) {
    writer.abort(); // OK: abort() checks fp_, which finish() reset
    return false;
  }
  reader.close();
  std::remove(src.c_str());
  return true;
} // BUG: double-close #readerdtor

int main() {
  spillRun({"a", "b", "c"}, "/tmp/run0");
  spillRunChecked({"d", "e"}, "/tmp/run1");
  mergeRuns({"/tmp/run0", "/tmp/run1"}, "/tmp/merged", 1000);
  compactRun("/tmp/merged", "/tmp/merged.compact");
  return 0;
}
