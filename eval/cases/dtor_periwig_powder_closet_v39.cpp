// Periwig powder closet of a theatre wardrobe: every dusting of a wig is
// appended to the closet's log, and the nightly inventory goes to its own
// file. Files are owned by a unique_ptr with an fclose deleter, descriptors by
// a small FdCloser. This is correct: every write happens while its owner is
// still alive, a FILE* handed off with release() is closed exactly once by the
// new owner, a reset() log is checked before use, and the descriptor written
// after the guarded block is a freshly opened one.
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

struct FileCloser {
  void operator()(std::FILE* f) const {
    if (f != nullptr) std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

struct FdCloser {
  int fd;
  explicit FdCloser(int d) : fd(d) {}
  FdCloser(const FdCloser&) = delete;
  FdCloser& operator=(const FdCloser&) = delete;
  ~FdCloser() {
    if (fd >= 0) ::close(fd);
  }
};

struct Wig {
  std::string name;
  int powder_grams;
};

bool write_inventory(const char* path, const std::vector<Wig>& wigs) {
  FilePtr out(std::fopen(path, "w"));
  if (!out) return false;
  for (const auto& w : wigs) std::fprintf(out.get(), "%s %d\n", w.name.c_str(), w.powder_grams);
  std::fputs("-- end of inventory --\n", out.get());  // OK: closed only at return
  return true;
}

// Writes the header and hands the open FILE* to the caller.
std::FILE* open_for_handoff(const char* path) {
  FilePtr out(std::fopen(path, "a"));
  if (!out) return nullptr;
  std::fputs("# powder log\n", out.get());
  return out.release();
}

void nightly_dusting(const char* path, const std::vector<Wig>& wigs) {
  std::FILE* log = open_for_handoff(path);
  if (log == nullptr) return;
  for (const auto& w : wigs) std::fprintf(log, "dust %s\n", w.name.c_str());  // OK: released, not closed
  std::fclose(log);
}

class PowderCloset {
 public:
  explicit PowderCloset(const char* path) : log_(std::fopen(path, "a")) {}

  bool note(const Wig& w) {
    if (!log_) return false;
    std::fprintf(log_.get(), "%s %d\n", w.name.c_str(), w.powder_grams);  // OK: checked for a closed log
    return true;
  }

  void lock_up() { log_.reset(); }

 private:
  FilePtr log_;
};

void close_closet(PowderCloset& closet, const Wig& last) {
  closet.note(last);
  closet.lock_up();
  if (!closet.note(last)) std::fputs("closet already locked\n", stderr);  // OK: note() checks the reset log
}

void append_tag(const char* path, const char* tag) {
  {
    FdCloser guard(::open(path, O_WRONLY | O_APPEND | O_CREAT, 0644));
    if (guard.fd < 0) return;
    ::write(guard.fd, tag, std::strlen(tag));
  }
  int fd = ::open(path, O_RDONLY);
  if (fd < 0) return;
  char buf[64];
  ::read(fd, buf, sizeof buf);  // OK: freshly opened descriptor
  ::close(fd);
}
