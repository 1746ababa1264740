// Confectionery workshop: an almond grinder and a marzipan figurine mould press
// are driven over serial descriptors held by a small UniqueFd RAII type, and
// batch reports are written through a unique_ptr<FILE> with an fclose deleter.
// Three mistakes: open_report() returns the raw FILE* while its unique_ptr
// closes the file at the end of the function; pour_figurines() keeps the raw
// press descriptor past the guard's scope; and clean_mould() closes the raw
// descriptor and then resets the guard, which closes it again.
#include <cstdio>
#include <fcntl.h>
#include <memory>
#include <unistd.h>
#include <utility>

namespace marzipan {

class UniqueFd {
 public:
  explicit UniqueFd(int fd = -1) : fd_(fd) {}
  UniqueFd(UniqueFd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& o) noexcept {
    if (this != &o) reset(std::exchange(o.fd_, -1));
    return *this;
  }
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);  // SAME: mould
    fd_ = fd;
  }

 private:
  int fd_;
};

struct FcloseDeleter {
  void operator()(FILE* f) const {
    if (f) std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<FILE, FcloseDeleter>;

struct BatchReport {
  FILE* out = nullptr;
  int figurines = 0;
};

BatchReport open_report(const char* path) {
  FilePtr f(std::fopen(path, "w"));
  BatchReport r;
  if (!f) return r;
  r.out = f.get();
  std::fputs("marzipan batch report\n", r.out);
  return r;
}

static void finish_report(BatchReport& r) {
  if (!r.out) return;
  std::fprintf(r.out, "figurines: %d\n", r.figurines);  // SAME: report
}

void grind_batch(const char* report_path, int figurines) {
  BatchReport r = open_report(report_path);
  r.figurines = figurines;
  finish_report(r);  // BUG: use-after-close #report
}

int pour_figurines(const char* dev, int count) {
  int raw = -1;
  {
    UniqueFd press(::open(dev, O_RDWR | O_NOCTTY));
    if (!press) return -1;
    raw = press.get();
    ::write(raw, "HEAT 45\n", 8);
  }
  for (int i = 0; i < count; ++i) ::write(raw, "POUR\n", 5);  // BUG: use-after-close
  return 0;
}

void clean_mould(const char* dev) {
  UniqueFd mould(::open(dev, O_RDWR | O_NOCTTY));
  if (!mould) return;
  ::write(mould.get(), "RINSE\n", 6);
  ::close(mould.get());
  mould.reset();  // BUG: double-close #mould
}

int grind_almonds(const char* dev, int seconds) {
  UniqueFd grinder(::open(dev, O_RDWR | O_NOCTTY));
  if (!grinder) return -1;
  UniqueFd owner = std::move(grinder);
  ::write(owner.get(), "SPIN\n", 5);  // OK: ownership moved into owner, still open
  ::sleep(static_cast<unsigned>(seconds));
  owner.reset(::open(dev, O_RDWR | O_NOCTTY));
  if (!owner) return -1;
  ::write(owner.get(), "STOP\n", 5);  // OK: reset() installed a freshly opened descriptor
  return 0;
}

void hand_off_log(const char* path, FILE** out) {
  FilePtr f(std::fopen(path, "a"));
  if (!f) return;
  std::fputs("handoff\n", f.get());
  *out = f.release();
  std::fprintf(*out, "owned by caller now\n");  // OK: release() means the deleter will not close it
}

void close_handed_off(FILE* log) {
  if (!log) return;
  FilePtr guard(log);
  std::fputs("closing\n", guard.get());  // OK: the guard closes at the end of this scope, after the write
}

}  // namespace marzipan
