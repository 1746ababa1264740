// Telemetry spooler on an edge box: frames that cannot be uploaded are
// appended to spool files. Files are owned by FilePtr (unique_ptr with an
// fclose deleter), so they close during stack unwinding. Spool keeps a raw
// FILE* view (current_) for its hot path. Defects: when a malformed frame
// throws out of writeBatch(), FilePtr closes the file during unwinding and
// ingest()'s handler still prints a note through current_; sealSegment()
// fcloses the FILE* explicitly while the FilePtr still owns it, so the
// deleter closes it again when the function returns.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace spool {

struct FileCloser {
  void operator()(FILE *f) const {
    if (f)
      std::fclose(f); // SAME: seal
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

struct Frame {
  std::string source;
  std::string payload;
};

struct MalformedFrame : std::runtime_error {
  using std::runtime_error::runtime_error;
};

static void validate(const Frame &f) {
  if (f.source.empty() || f.payload.size() > 64 * 1024)
    throw MalformedFrame("bad frame from '" + f.source + "'");
}

class Spool {
public:
  explicit Spool(std::string dir) : dir_(std::move(dir)) {}

  void ingest(const std::vector<Frame> &frames) {
    try {
      writeBatch(frames);
    } catch (const MalformedFrame &e) {
      std::fprintf(current_, "# dropped batch: %s\n", e.what()); // BUG: use-after-close
      current_ = nullptr;
      ++dropped_;
      throw;
    }
  }

  // Rewrites the live spool, skipping acknowledged frames.
  void compact(const std::vector<Frame> &live) {
    FilePtr out(std::fopen((dir_ + "/spool.compact").c_str(), "wb"));
    if (!out)
      throw std::runtime_error("cannot open compaction target");
    try {
      for (const Frame &f : live) {
        validate(f);
        writeRecord(out.get(), f);
      }
    } catch (const std::exception &e) {
      std::fprintf(out.get(), "# compaction stopped: %s\n", e.what()); // OK: out lives outside the try, still open
      throw;
    }
  }

  void sealSegment(int segNo) {
    const std::string name = dir_ + "/seg-" + std::to_string(segNo) + ".spool";
    FilePtr seg(std::fopen(name.c_str(), "ab"));
    if (!seg)
      return;
    std::fprintf(seg.get(), "# sealed\n");
    if (std::fclose(seg.get()) != 0)
      throw std::runtime_error("seal failed for " + name);
    sealed_.push_back(name);
  } // BUG: double-close #seal

  int dropped() const { return dropped_; }

private:
  void writeBatch(const std::vector<Frame> &frames) {
    FilePtr owner(std::fopen((dir_ + "/spool.current").c_str(), "ab"));
    if (!owner)
      throw std::runtime_error("spool unavailable");
    current_ = owner.get();
    for (const Frame &f : frames) {
      validate(f);
      writeRecord(current_, f); // OK: owner keeps the file open for the whole loop
    }
    std::fflush(current_);
    current_ = nullptr;
  }

  static void writeRecord(FILE *fp, const Frame &f) {
    std::fprintf(fp, "%s %zu\n", f.source.c_str(), f.payload.size());
    std::fwrite(f.payload.data(), 1, f.payload.size(), fp);
  }

  std::string dir_;
  FILE *current_ = nullptr;
  std::vector<std::string> sealed_;
  int dropped_ = 0;
};

} // namespace spool

int main() {
  spool::Spool s("/tmp");
  try {
    s.ingest({{"pump-3", "p=2.1bar"}, {"", "orphan"}});
  } catch (const std::exception &e) {
    std::fprintf(stderr, "ingest: %s\n", e.what());
  }
  s.sealSegment(41);
  return 0;
}
