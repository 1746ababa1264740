// Log archiver: rotated log segments are concatenated into an ArchiveStream,
// which is sealed after the last segment. ArchiveStream::append() throws once
// the stream is sealed; ArchiveStream::close() writes the index and throws
// std::logic_error if called a second time. The Archiver class seals its
// stream through std::call_once, so finish() may be called from several paths.
#include <cstddef>
#include <iostream>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ArchiveStream {
public:
  explicit ArchiveStream(std::string name) : name_(std::move(name)) {}
  void append(const std::string &data);
  void close();
  bool sealed() const { return sealed_; }

private:
  std::string name_;
  std::vector<std::size_t> index_;
  std::size_t offset_ = 0;
  bool sealed_ = false;
};

void ArchiveStream::append(const std::string &data) {
  if (sealed_)
    throw std::runtime_error("archive " + name_ + " is sealed");
  index_.push_back(offset_);
  offset_ += data.size();
}

void ArchiveStream::close() {
  if (sealed_)
    throw std::logic_error("archive " + name_ + " sealed twice");
  std::cout << name_ << ": index of " << index_.size() << " entries\n";
  sealed_ = true;
}

// Appends every segment and seals the stream right after the last one.
static void archiveSegments(ArchiveStream &out, const std::vector<std::string> &segments) {
  if (segments.empty())
    return;
  const std::size_t last = segments.size() - 1;
  for (std::size_t i = 0; i < segments.size(); ++i) {
    out.append(segments[i]); // OK: the seal below runs only after the last append
    if (i == last)
      out.close(); // OK: runs once, on the last iteration
  }
}

class Archiver {
public:
  explicit Archiver(const std::string &name) : out_(name) {}
  ~Archiver() { finish(); }
  void add(const std::string &segment) { out_.append(segment); }
  void finish();
  void abort(const std::string &reason);

private:
  ArchiveStream out_;
  std::once_flag sealOnce_;
};

void Archiver::finish() {
  std::call_once(sealOnce_, [this] { out_.close(); }); // OK: call_once seals at most once
}

void Archiver::abort(const std::string &reason) {
  out_.append("# aborted: " + reason + "\n"); // SAME: abortnote
  finish();
}

static void nightlyArchive(const std::vector<std::string> &segments) {
  ArchiveStream out("app-2024-06-01.tar");
  archiveSegments(out, segments);
  out.append("# archived by nightly job\n"); // BUG: use-after-close
}

static void uploadArchive(const std::vector<std::string> &segments, bool quotaExceeded) {
  Archiver archiver("upload-batch.tar");
  for (const std::string &s : segments)
    archiver.add(s);
  archiver.finish();
  archiver.finish(); // OK: the second call_once does not run the seal again
  if (quotaExceeded)
    archiver.abort("upload quota exceeded"); // BUG: use-after-close #abortnote
}

static void partialArchive(const std::vector<std::string> &segments) {
  Archiver archiver("partial.tar");
  archiver.add(segments.front());
  archiver.abort("disk almost full"); // OK: the stream is still open here
} // OK: the destructor's finish() finds the once_flag already used

int main() {
  const std::vector<std::string> segments = {"app.log.3", "app.log.2", "app.log.1"};
  try {
    nightlyArchive(segments);
  } catch (const std::exception &e) {
    std::cerr << "nightly: " << e.what() << "\n";
  }
  try {
    uploadArchive(segments, true);
  } catch (const std::exception &e) {
    std::cerr << "upload: " << e.what() << "\n";
  }
  partialArchive(segments);
  return 0;
}
